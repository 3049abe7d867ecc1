// A form's draft, kept on this device when a save meets an ended session, and given back once the
// same member has signed in again and is on the same page (docs/product.md §4, decision 018).
// IndexedDB keeps photos as they were chosen; where it cannot be used, sessionStorage keeps the
// text, and the form names the photos that must be chosen again.

const DATABASE = "family-book";
const STORE = "signed-out-drafts";
/** A draft older than this is not given back: the person has moved on, and it is private. */
export const DRAFT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const SESSION_PREFIX = "family-book:signed-out-draft:";

type Stored<Values> = { viewerId: string; savedAt: number; values: Values };

/** How much of the draft was kept: everything, only what is not a file, or nothing at all. */
export type Kept = "all" | "text" | "none";

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === "undefined") return reject(new Error("No IndexedDB"));
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error("IndexedDB blocked"));
  });
}

async function inStore<Result>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<Result>): Promise<Result> {
  const database = await openDatabase();
  try {
    return await new Promise<Result>((resolve, reject) => {
      const transaction = database.transaction(STORE, mode);
      const request = act(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  } finally {
    database.close();
  }
}

/**
 * Keeps `values` under `key` for `viewerId`. `textOnly` is the same draft without its files, kept
 * instead when the device will not keep files.
 */
export async function keepDraft<Values, TextValues = Values>(key: string, viewerId: string, values: Values, textOnly?: TextValues): Promise<Kept> {
  const savedAt = Date.now();
  try {
    await inStore("readwrite", (store) => store.put({ viewerId, savedAt, values } satisfies Stored<Values>, key));
    return "all";
  } catch {
    try {
      sessionStorage.setItem(SESSION_PREFIX + key, JSON.stringify({ viewerId, savedAt, values: textOnly ?? values }));
      return "text";
    } catch {
      return "none";
    }
  }
}

function usable<Values>(stored: Stored<Values> | undefined | null, viewerId: string) {
  return stored && stored.viewerId === viewerId && Date.now() - stored.savedAt < DRAFT_LIFETIME_MS ? stored.values : null;
}

/** Removes every draft past its lifetime, whoever wrote it: nothing private lingers longer than that. */
async function dropExpired() {
  const database = await openDatabase();
  try {
    await new Promise<void>((resolve, reject) => {
      const transaction = database.transaction(STORE, "readwrite");
      const cursor = transaction.objectStore(STORE).openCursor();
      cursor.onsuccess = () => {
        const current = cursor.result;
        if (!current) return;
        const stored = current.value as Stored<unknown>;
        if (!(Date.now() - stored.savedAt < DRAFT_LIFETIME_MS)) current.delete();
        current.continue();
      };
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
    });
  } finally {
    database.close();
  }
}

/**
 * The draft kept under `key` for `viewerId`, taken out of storage (the form holds it from now on);
 * null when there is none, it is someone else's, or it is too old. `complete` says whether its
 * files came back too.
 */
export async function takeDraft<Values>(key: string, viewerId: string): Promise<{ values: Values; complete: boolean } | null> {
  let found: { values: Values; complete: boolean } | null = null;
  try {
    const stored = await inStore<Stored<Values> | undefined>("readonly", (store) => store.get(key));
    const values = usable(stored, viewerId);
    // Someone else's draft stays for them; one of this member's is taken, or dropped when too old.
    if (stored && stored.viewerId === viewerId) await inStore("readwrite", (store) => store.delete(key));
    if (values) found = { values, complete: true };
    await dropExpired();
  } catch {
    // No IndexedDB here: the text may be in sessionStorage.
  }
  try {
    const raw = sessionStorage.getItem(SESSION_PREFIX + key);
    if (raw) {
      const stored = JSON.parse(raw) as Stored<Values>;
      if (stored.viewerId === viewerId) sessionStorage.removeItem(SESSION_PREFIX + key);
      const values = usable(stored, viewerId);
      if (values && !found) found = { values, complete: false };
    }
  } catch {
    // Nothing readable kept.
  }
  return found;
}

/** Thrown by a save that the server refused with 401: the session ended while the form was open. */
export class SessionEndedError extends Error {
  override name = "SessionEndedError";
}
