import { describe, expect, it } from 'vitest';
import { props } from '../../test/dialogs-props';
import { payload, validate } from './validate';

const { limits, messages } = props;
const lead = props.lead.fields;
const good = {
  firstName: 'Ana',
  lastName: 'Ruiz',
  email: 'ana@example.com',
  phone: '(904) 555-0147',
  message: 'Hello',
};

describe('form validation (mirror of the server)', () => {
  it('accepts a complete lead', () => {
    expect(validate(lead, good, limits, messages)).toEqual([]);
  });

  it('names each missing required field with its label', () => {
    expect(validate(lead, {}, limits, messages)).toEqual([
      { field: 'firstName', message: 'First Name is required.' },
      { field: 'lastName', message: 'Last Name is required.' },
      { field: 'email', message: 'Email is required.' },
      { field: 'phone', message: 'Phone is required.' },
      { field: 'message', message: 'Message is required.' },
    ]);
    expect(validate(lead, { ...good, firstName: '   ' }, limits, messages)).toEqual([
      { field: 'firstName', message: 'First Name is required.' },
    ]);
  });

  it('checks e-mail and phone formats', () => {
    expect(validate(lead, { ...good, email: 'ana@example' }, limits, messages)).toEqual([
      { field: 'email', message: messages.email },
    ]);
    expect(validate(lead, { ...good, phone: '12' }, limits, messages)).toEqual([
      { field: 'phone', message: messages.phone },
    ]);
  });

  it('limits lengths: text_max for inputs, message_max for text areas', () => {
    expect(validate(lead, { ...good, lastName: 'x'.repeat(21) }, limits, messages)).toEqual([
      { field: 'lastName', message: 'Last Name must be 20 characters or fewer.' },
    ]);
    expect(validate(lead, { ...good, message: 'x'.repeat(50) }, limits, messages)).toEqual([]);
    expect(validate(lead, { ...good, message: 'x'.repeat(51) }, limits, messages)).toEqual([
      { field: 'message', message: 'Message must be 50 characters or fewer.' },
    ]);
  });

  it('accepts only listed options, and an empty optional select', () => {
    expect(validate(lead, { ...good, interestedIn: 'castle' }, limits, messages)).toEqual([
      { field: 'interestedIn', message: messages.option },
    ]);
    expect(validate(lead, { ...good, interestedIn: 'waterfront' }, limits, messages)).toEqual([]);
  });

  it('the valuation request requires the property address', () => {
    const require = props.lead.types['cma-request'].require;
    expect(validate(lead, good, limits, messages, require)).toEqual([
      { field: 'propertyAddress', message: 'Property Address is required.' },
    ]);
    expect(validate(lead, { ...good, propertyAddress: '1 Main St' }, limits, messages, require)).toEqual([]);
  });

  it('sends trimmed values of the form fields only', () => {
    expect(
      payload(props.contact.fields, { name: ' Ana ', email: 'a@b.co', phone: '9045550147', message: 'Hi', extra: 'x' }),
    ).toEqual({
      name: 'Ana',
      email: 'a@b.co',
      phone: '9045550147',
      message: 'Hi',
    });
  });
});

describe('the same cases as the server (spec/cases/forms.json)', async () => {
  const shared = (await import('../../../../spec/cases/forms.json')).default;
  const fields = shared.fields.map((f) => ({ autocomplete: null, placeholder: null, options: [], ...f })) as Parameters<
    typeof validate
  >[0];
  for (const [i, c] of shared.cases.entries()) {
    it(`case ${i + 1}`, () => {
      const also = 'also_required' in c ? (c.also_required as string[]) : [];
      expect(validate(fields, c.input as Record<string, string>, shared.limits, shared.messages, also)).toEqual(
        c.errors,
      );
    });
  }
});
