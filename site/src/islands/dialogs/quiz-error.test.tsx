import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { props } from '../../test/dialogs-props';
import { mountIsland } from '../../test/island';
import mount from '../dialogs';

// A failure that is not an HTTP answer (a bug, not an outage).
vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof import('../../lib/api')>()),
  sendForm: () => Promise.reject(new Error('boom')),
}));

it('alerts when sending the quiz throws, and still shows the result', async () => {
  const alerts: string[] = [];
  vi.stubGlobal('alert', (m: string) => alerts.push(m));
  await mountIsland(
    '<div data-island="dialogs"></div><a id="vibe" data-open="quiz" href="#">Quiz</a>',
    mount,
    props,
    '#vibe',
  );
  const user = userEvent.setup();
  for (let i = 1; i <= 6; i++) {
    await user.click(screen.getByRole('radio', { name: `historic option ${i}` }));
    await user.click(screen.getByRole('button', { name: i === 6 ? 'Get My Results!' : 'Next' }));
  }
  await user.type(screen.getByLabelText('Email address'), 'ana@example.com');
  await user.click(screen.getByRole('button', { name: 'See My Match' }));
  await waitFor(() => expect(alerts).toEqual(['There was an error submitting your quiz. Please try again.']));
  expect(screen.getByRole('heading', { name: 'Historic Soul' })).toBeInTheDocument();
  vi.unstubAllGlobals();
});
