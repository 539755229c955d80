import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mountIsland } from '../test/island';
import { ApiError } from './api';
import { defineIsland, describeError } from './island';

describe('island error boundary', () => {
  it("shows 'Unexpected Application Error!' with the message when an island fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = defineIsland(() => {
      throw new Error('The listing data is malformed');
    });
    await mountIsland('<div data-island="x"><p>Prerendered</p></div>', broken, {});
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('The listing data is malformed')).toBeInTheDocument();
    // The prerendered content stays.
    expect(screen.getByText('Prerendered')).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('describes a failed response by status and text, anything else by its message', () => {
    expect(describeError({ status: 404, statusText: 'Not Found' })).toBe('404 Not Found');
    expect(describeError(new ApiError(503))).toBe('503');
    expect(describeError(new Error('boom'))).toBe('boom');
    expect(describeError('plain')).toBe('plain');
  });
});
