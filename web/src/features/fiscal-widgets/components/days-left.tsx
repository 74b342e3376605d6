import { daysLeftTone, TONE_COLORS } from '@web/lib/tax-api';
import { daysLeftText } from '../utils/labels';

/**
 * The days left to a deadline in the colour of spec part 2 §9: red at 7 or fewer, yellow at 30 or
 * fewer, the text's own colour beyond.
 */
export function DaysLeft({ days }: { days: number }) {
  const tone = daysLeftTone(days);
  return (
    <span data-tone={tone ?? 'none'} style={{ color: tone ? TONE_COLORS[tone] : undefined, fontWeight: 600 }}>
      {daysLeftText(days)}
    </span>
  );
}
