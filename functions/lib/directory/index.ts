/**
 * The face of the directory library: the only module other code imports (infra/architecture.test.ts).
 * A store library (DynamoDB reads shared by several domains): only store/ and workers/ import it.
 */

export {
  findProfileByEmail,
  getCompanies,
  listCompanyMembers,
  listUserMemberships,
  queryAll,
  queryPrefix,
  type TableDeps,
} from './directory';
