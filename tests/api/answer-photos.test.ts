import { beforeAll, describe, expect, it } from "vitest";
import { GET as ownResponses } from "@/app/api/questionnaires/[id]/responses/route";
import { GET as readPhoto, DELETE as removePhoto } from "@/app/api/questionnaires/responses/[id]/photos/[photoId]/route";
import { PATCH as toggleAnswer } from "@/app/api/questionnaires/responses/[id]/toggle-shared/route";
import { GET as sharedAnswers } from "@/app/api/questionnaires/responses/shared/route";
import { DELETE as removePhotoByLink } from "@/app/api/weekly-questions/answer/photos/[photoId]/route";
import { POST as addPhotosByLink } from "@/app/api/weekly-questions/answer/photos/route";
import { POST as answerByLink } from "@/app/api/weekly-questions/answer/route";
import { getDb } from "@/server/platform/db/client";
import { getStorage } from "@/server/platform/storage";
import { createFamilies, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { blackPng } from "../helpers/images";
import { jpeg } from "../helpers/memories";
import { addAnswerPhotosAs, answer, createCustomQuestionnaire, photoForm, type PickedPhoto } from "../helpers/questionnaires";
import { fetchSigned } from "../helpers/stored";
import { weeklyQuestionLinkForTests } from "../helpers/weekly-links";

// The photos of an answer (docs/product.md §5, §13; docs/decisions/039-answer-photos.md): up to
// five, added by the author signed in or through the answered question's emailed link, checked by
// their bytes like a memory's; read through the answer, by its author and by relatives who may read it.

const photos = async (count: number) =>
  Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      name: `cabin-${index + 1}.jpg`,
      bytes: await jpeg({ color: `#${(index * 40 + 16).toString(16)}6633` }),
    })),
  );

const add = addAnswerPhotosAs;
const read = (who: TestAccount | undefined, responseId: string, photoId: string, size?: string) =>
  call(readPhoto, `/api/questionnaires/responses/${responseId}/photos/${photoId}${size ? `?size=${size}` : ""}`, {
    token: who?.token,
    params: { id: responseId, photoId },
  });
const remove = (who: TestAccount | undefined, responseId: string, photoId: string) =>
  call(removePhoto, `/api/questionnaires/responses/${responseId}/photos/${photoId}`, {
    method: "DELETE",
    token: who?.token,
    params: { id: responseId, photoId },
  });
const share = (who: TestAccount, responseId: string, isShared: boolean) =>
  call(toggleAnswer, `/api/questionnaires/responses/${responseId}/toggle-shared`, {
    method: "PATCH",
    token: who.token,
    params: { id: responseId },
    body: { is_shared: isShared },
  });

async function answered(author: TestAccount) {
  const { id, questionIds } = await createCustomQuestionnaire(author);
  const saved = await answer(author, [{ question_id: questionIds[0]!, answer_text: "All nine of us, and the dog." }]);
  expect(saved.status).toBe(201);
  return { questionnaireId: id, responseId: saved.body.data.submission.responses[0].id as string };
}

async function storedPhotosOf(responseId: string) {
  return (await getDb()).responsePhoto.findMany({ where: { response_id: responseId }, orderBy: { order_number: "asc" } });
}

let owner: TestAccount;
let relative: TestAccount;
let stranger: TestAccount;
beforeAll(async () => {
  ({ owner, relative, stranger } = await createFamilies());
});

describe("the author's photos on an answer", () => {
  it("adds photos to the author's answer, lists them with it, and keeps every size in storage", async () => {
    const { questionnaireId, responseId } = await answered(owner);
    const added = await add(owner, responseId, await photos(2));
    expect(added.status).toBe(201);
    expect(added.body.data.photos).toHaveLength(2);
    expect(added.body.data.photos.map((photo: { order_number: number }) => photo.order_number)).toEqual([0, 1]);
    const [first] = added.body.data.photos;
    expect(first).toMatchObject({
      width: 64,
      height: 48,
      photo_url: `/api/questionnaires/responses/${responseId}/photos/${first.id}`,
      thumbnail_url: `/api/questionnaires/responses/${responseId}/photos/${first.id}?size=thumbnail`,
    });

    const listed = await call(ownResponses, `/api/questionnaires/${questionnaireId}/responses`, { token: owner.token, params: { id: questionnaireId } });
    expect(listed.body.data.responses[0].photos).toEqual(added.body.data.photos);

    for (const stored of await storedPhotosOf(responseId)) {
      expect(stored.original_key).toMatch(new RegExp(`^answers/${responseId}/`));
      for (const key of [stored.original_key, stored.display_key, stored.thumbnail_key]) expect(await getStorage().head(key), key).not.toBeNull();
    }
  });

  it("refuses more than 5 photos in all, and keeps the ones already there", async () => {
    const { responseId } = await answered(owner);
    expect((await add(owner, responseId, await photos(4))).status).toBe(201);
    const two = await add(owner, responseId, await photos(2));
    expect(two.status).toBe(400);
    expect(two.body.error).toBe("An answer can have at most 5 photos.");
    expect(two.body.fieldErrors).toEqual({ photos: ["An answer can have at most 5 photos."] });
    expect(await storedPhotosOf(responseId)).toHaveLength(4);
    expect((await add(owner, responseId, await photos(1))).status).toBe(201);
    expect(await storedPhotosOf(responseId)).toHaveLength(5);
  });

  it("counts two additions sent at once one after the other: never more than 5, and no object left behind", async () => {
    const { responseId } = await answered(owner);
    const [three, otherThree] = [await photos(3), await photos(3)];
    const results = await Promise.all([add(owner, responseId, three), add(owner, responseId, otherThree)]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 400]);
    const stored = await storedPhotosOf(responseId);
    expect(stored).toHaveLength(3);
    const objects: string[] = [];
    for await (const object of getStorage().list(`answers/${responseId}/`)) objects.push(object.key);
    expect(objects.sort()).toEqual(stored.flatMap((photo) => [photo.original_key, photo.display_key, photo.thumbnail_key, photo.print_key!]).sort());
  });

  it("judges a photo by its bytes: a file that only claims to be a picture, or one too large, is refused and nothing is kept", async () => {
    const { responseId } = await answered(owner);
    const fake = await add(owner, responseId, [{ name: "letter.jpg", bytes: Buffer.from("Dear Rose, this is not a photo at all.") }]);
    expect(fake.status).toBe(415);
    expect(fake.body.error).toBe("letter.jpg is not an image. Only image files can be uploaded.");
    const flood = await add(owner, responseId, [{ name: "flood.png", bytes: blackPng(20000, 20000), type: "image/png" }]);
    expect(flood.status).toBe(413);
    expect(flood.body.error).toBe("flood.png is 20000 × 20000 pixels, more than the 50 million pixels a photo can have. Please choose a smaller photo.");
    const none = await add(owner, responseId, []);
    expect(none.status).toBe(400);
    expect(none.body.error).toBe("Choose at least one photo to add.");
    expect(await storedPhotosOf(responseId)).toHaveLength(0);
  });

  it("lets only the author add or remove: a relative and another family get 404, a visitor 401", async () => {
    const { responseId } = await answered(owner);
    expect((await share(owner, responseId, true)).status).toBe(200);
    const [kept] = (await add(owner, responseId, await photos(1))).body.data.photos;
    for (const who of [relative, stranger]) {
      const added = await add(who, responseId, await photos(1));
      expect(added.status).toBe(404);
      expect(added.body.error).toBe("Response not found");
      expect((await remove(who, responseId, kept.id)).status).toBe(404);
    }
    expect((await add(undefined, responseId, await photos(1))).status).toBe(401);
    expect((await remove(undefined, responseId, kept.id)).status).toBe(401);
    expect(await storedPhotosOf(responseId)).toHaveLength(1);

    const removed = await remove(owner, responseId, kept.id);
    expect(removed.status).toBe(200);
    expect(removed.body.data.photos).toEqual([]);
    const again = await remove(owner, responseId, kept.id);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe("Photo not found");
  });
});

describe("reading an answer's photo", () => {
  it("opens for the author and, once shared, for a relative; never for another family or a visitor", async () => {
    const { responseId } = await answered(owner);
    const [photo] = (await add(owner, responseId, await photos(1))).body.data.photos;
    const opened = await read(owner, responseId, photo.id);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("cache-control")).toBe("private, max-age=600");
    const location = new URL(opened.headers.get("location")!, "http://localhost:3000");
    const picture = await fetchStored(location);
    expect(picture.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect((await read(owner, responseId, photo.id, "thumbnail")).headers.get("location")).not.toBe(opened.headers.get("location"));

    // Private: the relative is told nothing is there, exactly as another family is.
    for (const who of [relative, stranger]) {
      const refused = await read(who, responseId, photo.id);
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe("Photo not found");
    }
    expect((await share(owner, responseId, true)).status).toBe(200);
    expect((await read(relative, responseId, photo.id)).status).toBe(302);
    expect((await read(stranger, responseId, photo.id)).status).toBe(404);
    expect((await read(undefined, responseId, photo.id)).status).toBe(401);
    expect((await read(owner, responseId, photo.id, "poster")).status).toBe(400);
  });

  it("shows a shared answer's photos to the family in the shared answers", async () => {
    const { responseId } = await answered(owner);
    await add(owner, responseId, await photos(2));
    await share(owner, responseId, true);
    const shared = await call(sharedAnswers, "/api/questionnaires/responses/shared", { token: relative.token });
    const seen = (shared.body.data.responses as { id: string; photos: unknown[] }[]).find((response) => response.id === responseId);
    expect(seen?.photos).toHaveLength(2);
  });
});

describe("photos through the answered question's emailed link", () => {
  const answeredByLink = weeklyQuestionLinkForTests;
  const addByLink = (token: string, files: PickedPhoto[]) =>
    call(addPhotosByLink, "/api/weekly-questions/answer/photos", { body: photoForm(files, { token }) });
  const removeByLink = (token: string, photoId: string) =>
    call(removePhotoByLink, `/api/weekly-questions/answer/photos/${photoId}`, { method: "DELETE", body: { token }, params: { photoId } });
  const INVALID = "This link does not work any more. Sign in to Family Book to answer your questions.";

  it("adds photos to the answer the link gave, and removes one, without a password", async () => {
    const { grandma, token } = await answeredByLink();
    expect((await addByLink(token, await photos(1))).status).toBe(404);
    expect((await call(answerByLink, "/api/weekly-questions/answer", { body: { token, answer_text: "Under the fig tree in my mother's yard." } })).status).toBe(
      201,
    );
    const added = await addByLink(token, await photos(2));
    expect(added.status).toBe(201);
    expect(added.body.data.photos).toHaveLength(2);
    const response = await (
      await getDb()
    ).response.findFirstOrThrow({ where: { submission: { user_id: grandma.user.id } }, select: { id: true, photos: { select: { id: true } } } });
    expect(response.photos).toHaveLength(2);

    const removed = await removeByLink(token, added.body.data.photos[0].id);
    expect(removed.status).toBe(200);
    expect(removed.body.data.photos.map((photo: { id: string }) => photo.id)).toEqual([added.body.data.photos[1].id]);
    expect((await read(grandma, response.id, added.body.data.photos[1].id)).status).toBe(302);
  });

  it("refuses an unknown, tampered or expired link, and another answer's photo; nothing changes", async () => {
    const { token } = await answeredByLink();
    await call(answerByLink, "/api/weekly-questions/answer", { body: { token, answer_text: "On the farm near Ballina." } });
    const [kept] = (await addByLink(token, await photos(1))).body.data.photos;
    const other = await answeredByLink();
    await call(answerByLink, "/api/weekly-questions/answer", { body: { token: other.token, answer_text: "In the city, above the bakery." } });

    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const wrong of [tampered, "nonsense"]) {
      const refused = await addByLink(wrong, await photos(1));
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe(INVALID);
    }
    const notItsPhoto = await removeByLink(other.token, kept.id);
    expect(notItsPhoto.status).toBe(404);
    expect(notItsPhoto.body.error).toBe("Photo not found");

    const prisma = await getDb();
    const { response_id: responseId } = await prisma.responsePhoto.findUniqueOrThrow({ where: { id: kept.id }, select: { response_id: true } });
    await prisma.weeklyQuestionToken.updateMany({ where: { send: { response_id: responseId } }, data: { expires_at: new Date(Date.now() - 1_000) } });
    const late = await addByLink(token, await photos(1));
    expect(late.status).toBe(404);
    expect(late.body.error).toBe(INVALID);
    expect((await removeByLink(token, kept.id)).status).toBe(404);
    expect(await prisma.responsePhoto.count({ where: { id: kept.id } })).toBe(1);
  });
});

/** Reads what a signed address of the local storage serves. */
async function fetchStored(location: URL) {
  const response = await fetchSigned(location);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}
