/**
 * The client dashboard's Quick Actions and when each is enabled (spec part 3 §2 Client dashboard):
 * - an autonomous user (no advisor): upload document and quick query are disabled with a message
 *   that the function is unavailable; schedule meeting is disabled without an advisor;
 * - a client with an advisor may upload, quick-query and schedule only when the advisor's
 *   `availableActions` allow it;
 * - my profile is always enabled.
 * While the advisor is unknown (loading, or it failed to load) only the profile is offered.
 */
import type { AdvisorInfo } from '@shared/schemas/dashboard';

export type QuickAction = 'uploadDocument' | 'quickQuery' | 'profile' | 'scheduleMeeting';

export interface QuickActionState {
  enabled: boolean;
  /** Why it is disabled (null when enabled). */
  reason: string | null;
}

export const QUICK_ACTIONS: readonly QuickAction[] = [
  'uploadDocument',
  'quickQuery',
  'profile',
  'scheduleMeeting',
];

export const QUICK_ACTION_LABELS: Record<QuickAction, string> = {
  uploadDocument: 'Subir documento',
  quickQuery: 'Consulta rápida',
  profile: 'Mi perfil',
  scheduleMeeting: 'Agendar reunión',
};

export const UNAVAILABLE_WITHOUT_ADVISOR = 'Función no disponible: no tienes un gestor asignado';
export const MEETING_NEEDS_ADVISOR = 'Necesitas un gestor asignado para agendar reuniones';
export const NOT_ALLOWED_BY_ADVISOR = 'Función no disponible';
export const ADVISOR_UNKNOWN = 'Función no disponible en este momento';

const on: QuickActionState = { enabled: true, reason: null };
const off = (reason: string): QuickActionState => ({ enabled: false, reason });

export function quickActionStates(
  advisor: Pick<AdvisorInfo, 'isAutonomous' | 'availableActions'> | null,
): Record<QuickAction, QuickActionState> {
  if (!advisor) {
    return {
      uploadDocument: off(ADVISOR_UNKNOWN),
      quickQuery: off(ADVISOR_UNKNOWN),
      profile: on,
      scheduleMeeting: off(ADVISOR_UNKNOWN),
    };
  }
  if (advisor.isAutonomous) {
    return {
      uploadDocument: off(UNAVAILABLE_WITHOUT_ADVISOR),
      quickQuery: off(UNAVAILABLE_WITHOUT_ADVISOR),
      profile: on,
      scheduleMeeting: off(MEETING_NEEDS_ADVISOR),
    };
  }
  const allowed = advisor.availableActions;
  return {
    uploadDocument: allowed.uploadDocument ? on : off(NOT_ALLOWED_BY_ADVISOR),
    quickQuery: allowed.quickQuery ? on : off(NOT_ALLOWED_BY_ADVISOR),
    profile: on,
    scheduleMeeting: allowed.scheduleMeeting ? on : off(NOT_ALLOWED_BY_ADVISOR),
  };
}
