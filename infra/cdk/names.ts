/** Construct ids from manifest names: `send-mail` -> `SendMail`, `functions/domains/mail/workers/x.ts` -> `MailWorkersX`. */

export const pascal = (name: string): string =>
  name
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/** A stable id for a Lambda entry file (the same entry always gets the same logical ids). */
export const idForEntry = (entry: string, exportName: string): string => {
  const relative = entry.replace(/^functions\/(domains\/)?/, '').replace(/\.[cm]?tsx?$/, '');
  return pascal(relative) + (exportName === 'handler' ? '' : pascal(exportName));
};
