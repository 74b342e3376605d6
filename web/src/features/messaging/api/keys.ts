/** react-query keys of the messaging feature; every key carries the company. */
export const messagingKeys = {
  company: (companyId: string) => ['messaging', 'company', companyId] as const,
  conversations: (companyId: string) => ['messaging', 'company', companyId, 'conversations'] as const,
  messages: (companyId: string, conversationId: string) =>
    ['messaging', 'company', companyId, 'messages', conversationId] as const,
  unread: (companyId: string) => ['messaging', 'company', companyId, 'unread'] as const,
  clientMembers: (companyId: string) => ['messaging', 'company', companyId, 'client-members'] as const,
};
