/** SEPA payment files (issue 19, item 5): what the rest of banking imports from here. */
export { creditorIdentifier, isValidCreditorIdentifier } from './creditor-id';
export { endToEndId, parseEndToEndId } from './end-to-end-id';
