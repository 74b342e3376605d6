/**
 * The portal domain's Lambda: meetings with the company's advisor and the appointment alerts built on
 * them (issue 20), messaging between clients and the gestoría, and document-request campaigns (issue 21).
 */

import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import {
  appointmentAlertsRoute,
  appointmentHistoryRoute,
  appointmentStatsRoute,
  appointmentTodayRoute,
  appointmentUpcomingRoute,
  setReminderRoute,
} from './actions/appointments';
import { campaignActions } from './actions/campaigns';
import {
  acceptMeetingRoute,
  cancelMeetingRoute,
  completeMeetingRoute,
  confirmMeetingRoute,
  getMeetingRoute,
  listMeetingsRoute,
  noShowMeetingRoute,
  proposeMeetingRoute,
  requestMeetingRoute,
} from './actions/meetings';
import { messagingActions } from './actions/messaging';
import { makeDeps, type PortalDeps } from './store/deps';

/** Route id -> action: exactly this domain's rows of shared/api/routes.ts (checked by the compiler). */
export const portalActions: ActionsOf<'portal', PortalDeps> = {
  'meetings.list': listMeetingsRoute,
  'meetings.request': requestMeetingRoute,
  'meetings.get': getMeetingRoute,
  'meetings.confirm': confirmMeetingRoute,
  'meetings.propose': proposeMeetingRoute,
  'meetings.accept': acceptMeetingRoute,
  'meetings.cancel': cancelMeetingRoute,
  'meetings.complete': completeMeetingRoute,
  'meetings.noShow': noShowMeetingRoute,
  'appointments.alerts': appointmentAlertsRoute,
  'appointments.stats': appointmentStatsRoute,
  'appointments.history': appointmentHistoryRoute,
  'appointments.upcoming': appointmentUpcomingRoute,
  'appointments.today': appointmentTodayRoute,
  'appointments.setReminder': setReminderRoute,
  ...messagingActions,
  ...campaignActions,
};

export const handler = createApiHandler('portal', portalActions, makeDeps);
