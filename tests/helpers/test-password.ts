/** The password of every account the test helpers register (tests/helpers/accounts.ts). */
export const TEST_PASSWORD = "correct horse battery";
