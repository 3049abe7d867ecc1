// The people of the load test: families of FAMILY_SIZE, registered through the API.
import { randomBytes } from "node:crypto";
import { mapLimited } from "../lib/map-limited.mjs";
import { acknowledged } from "./measured-client.mjs";

export const FAMILY_SIZE = 5;

/**
 * A user: { index, id, token, familyId, family (the users of the family, this one included),
 * questionnaires, memories: Map(id → what was acknowledged), memoryAttempts, submissionAttempts,
 * unexpected (sharing changes the app refused) }.
 */
async function register(client, index, inviteCode) {
  const email = `load-${index}-${randomBytes(4).toString("hex")}@example.test`;
  const result = await client.call("POST /api/auth/register", "/api/auth/register", {
    method: "POST",
    json: {
      first_name: `User${index}`,
      last_name: `Family${Math.floor(index / FAMILY_SIZE)}`,
      email,
      password: `load-test-${randomBytes(6).toString("hex")}`,
      ...(inviteCode ? { family_id: inviteCode } : {}),
    },
  });
  if (!acknowledged(result, 201)) throw new Error(`Registering ${email} failed: ${result.status} ${JSON.stringify(result.body)}`);
  const { token, user } = result.body.data;
  return {
    index,
    id: user.id,
    token,
    familyId: user.family_id,
    family: [],
    questionnaires: [],
    memories: new Map(),
    memoryAttempts: [],
    submissionAttempts: [],
    unexpected: [],
  };
}

/** The code of the user's family's invite link, as its members read it: what relatives register with. */
async function inviteCode(client, user) {
  const result = await client.call("GET /api/family/invite", "/api/family/invite", { token: user.token });
  if (!acknowledged(result, 200)) throw new Error(`Reading user ${user.index}'s invite link failed: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body.data.invite.code;
}

/** Whole families only: the first member registers and starts the family, the others join through its invite link. */
export async function registerFamilies(client, userCount) {
  const families = Math.floor(userCount / FAMILY_SIZE);
  const byFamily = await mapLimited(
    Array.from({ length: families }, (_, family) => family),
    4,
    async (family) => {
      const first = await register(client, family * FAMILY_SIZE, null);
      const code = await inviteCode(client, first);
      const rest = await Promise.all(Array.from({ length: FAMILY_SIZE - 1 }, (_, offset) => register(client, family * FAMILY_SIZE + offset + 1, code)));
      const members = [first, ...rest];
      for (const member of members) {
        if (member.familyId !== first.familyId) throw new Error(`User ${member.index} did not join family ${first.familyId}`);
        member.family = members;
      }
      return members;
    },
  );
  return byFamily.flat();
}
