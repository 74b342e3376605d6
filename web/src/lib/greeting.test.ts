import { describe, expect, it } from 'vitest';
import { greetingFor } from './greeting';

const at = (hour: number, minute = 0) => new Date(2025, 2, 3, hour, minute);

describe('greetingFor', () => {
  it('says buenos días in the morning, buenas tardes after lunch and buenas noches at night', () => {
    expect(greetingFor(at(6))).toBe('Buenos días');
    expect(greetingFor(at(13, 59))).toBe('Buenos días');
    expect(greetingFor(at(14))).toBe('Buenas tardes');
    expect(greetingFor(at(20, 59))).toBe('Buenas tardes');
    expect(greetingFor(at(21))).toBe('Buenas noches');
    expect(greetingFor(at(5, 59))).toBe('Buenas noches');
  });
});
