import { describe, expect, it } from 'vitest';
import {
  ADVISOR_UNKNOWN,
  MEETING_NEEDS_ADVISOR,
  NOT_ALLOWED_BY_ADVISOR,
  type QuickAction,
  quickActionStates,
  UNAVAILABLE_WITHOUT_ADVISOR,
} from './quick-actions';

const advisor = (
  isAutonomous: boolean,
  uploadDocument: boolean,
  quickQuery: boolean,
  scheduleMeeting: boolean,
) => ({
  isAutonomous,
  availableActions: { uploadDocument, quickQuery, scheduleMeeting },
});

type Row = [string, Parameters<typeof quickActionStates>[0], Record<QuickAction, string | null>];

// Each row: the advisor, then the reason each action is disabled (null = enabled).
const table: Row[] = [
  [
    'autonomous: upload and query unavailable, no meeting without an advisor, profile always',
    advisor(true, true, true, true),
    {
      uploadDocument: UNAVAILABLE_WITHOUT_ADVISOR,
      quickQuery: UNAVAILABLE_WITHOUT_ADVISOR,
      profile: null,
      scheduleMeeting: MEETING_NEEDS_ADVISOR,
    },
  ],
  [
    'with an advisor allowing everything',
    advisor(false, true, true, true),
    { uploadDocument: null, quickQuery: null, profile: null, scheduleMeeting: null },
  ],
  [
    'with an advisor, messaging not offered (quickQuery false)',
    advisor(false, true, false, true),
    { uploadDocument: null, quickQuery: NOT_ALLOWED_BY_ADVISOR, profile: null, scheduleMeeting: null },
  ],
  [
    'with an advisor, no upload permission',
    advisor(false, false, false, true),
    {
      uploadDocument: NOT_ALLOWED_BY_ADVISOR,
      quickQuery: NOT_ALLOWED_BY_ADVISOR,
      profile: null,
      scheduleMeeting: null,
    },
  ],
  [
    'with an advisor that allows nothing',
    advisor(false, false, false, false),
    {
      uploadDocument: NOT_ALLOWED_BY_ADVISOR,
      quickQuery: NOT_ALLOWED_BY_ADVISOR,
      profile: null,
      scheduleMeeting: NOT_ALLOWED_BY_ADVISOR,
    },
  ],
  [
    'advisor not known yet',
    null,
    {
      uploadDocument: ADVISOR_UNKNOWN,
      quickQuery: ADVISOR_UNKNOWN,
      profile: null,
      scheduleMeeting: ADVISOR_UNKNOWN,
    },
  ],
];

describe('quickActionStates (spec part 3 §2 Client dashboard)', () => {
  it.each(table)('%s', (_name, input, expected) => {
    const states = quickActionStates(input);
    for (const [action, reason] of Object.entries(expected) as [QuickAction, string | null][]) {
      expect(states[action]).toEqual({ enabled: reason === null, reason });
    }
  });
});
