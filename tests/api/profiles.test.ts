import { beforeAll, describe, expect, it } from "vitest";
import { GET as getProfile } from "@/app/api/profiles/[id]/route";
import { GET as familyMembers } from "@/app/api/profiles/family-members/route";
import { createFamilies, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";

let owner: TestAccount;
let relative: TestAccount;
let stranger: TestAccount;

beforeAll(async () => {
  ({ owner, relative, stranger } = await createFamilies());
});

describe("GET /api/profiles/family-members", () => {
  it("lists everyone in the signed-in user's family, themself included, with the dashboard's fields; whoever started the family is its admin", async () => {
    const result = await call(familyMembers, "/api/profiles/family-members", { token: relative.token });

    expect(result.status).toBe(200);
    expect(result.body.data.familyMembers).toEqual([
      {
        id: owner.user.id,
        first_name: "Margaret",
        last_name: "Hughes",
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        profile_image_url: null,
        family_role: "admin",
        is_admin: true,
      },
      expect.objectContaining({ id: relative.user.id, first_name: "Tom", family_role: "member", is_admin: false }),
    ]);
  });

  it("never lists people of another family", async () => {
    const result = await call(familyMembers, "/api/profiles/family-members", { token: stranger.token });
    expect(result.body.data.familyMembers.map((member: { id: string }) => member.id)).toEqual([stranger.user.id]);
  });

  it("answers 401 to an anonymous visitor", async () => {
    expect((await call(familyMembers, "/api/profiles/family-members")).status).toBe(401);
  });
});

describe("GET /api/profiles/{id}", () => {
  it("shows a relative's profile to the family", async () => {
    const result = await call(getProfile, `/api/profiles/${owner.user.id}`, { token: relative.token, params: { id: owner.user.id } });
    expect(result.status).toBe(200);
    expect(result.body.data.profile).toEqual({
      id: owner.user.id,
      first_name: "Margaret",
      last_name: "Hughes",
      created_at: expect.any(String),
      family_id: owner.user.family_id,
    });
  });

  it("shows the owner their own profile", async () => {
    const result = await call(getProfile, `/api/profiles/${owner.user.id}`, { token: owner.token, params: { id: owner.user.id } });
    expect(result.body.data.profile.id).toBe(owner.user.id);
  });

  it("answers 404 for someone of another family, exactly as for someone who does not exist", async () => {
    const otherFamily = await call(getProfile, `/api/profiles/${owner.user.id}`, { token: stranger.token, params: { id: owner.user.id } });
    const missing = await call(getProfile, "/api/profiles/6f1c1a52-2c55-4a8e-8d0e-5b1f6b7c9a10", {
      token: stranger.token,
      params: { id: "6f1c1a52-2c55-4a8e-8d0e-5b1f6b7c9a10" },
    });
    const malformed = await call(getProfile, "/api/profiles/nope", { token: stranger.token, params: { id: "nope" } });
    expect(otherFamily.status).toBe(404);
    expect(otherFamily.body).toEqual({ success: false, data: null, error: "Profile not found" });
    expect(missing.body).toEqual(otherFamily.body);
    expect(malformed.body).toEqual(otherFamily.body);
  });

  it("answers 401 to an anonymous visitor", async () => {
    expect((await call(getProfile, `/api/profiles/${owner.user.id}`, { params: { id: owner.user.id } })).status).toBe(401);
  });
});
