// A recording made in the browser is kept on this device, part by part as it is made, until the
// server has it (docs/decisions/041-voice-recordings.md): a reload, a closed tab or a dropped
// connection loses at most the last second. Each take belongs to one member and one place (the
// memory or answer it tells), and is given back only there and only to them.

const DATABASE = "family-book-recordings";
const TAKES = "takes";
const PARTS = "parts";

export type TakeInfo = { id: string; owner: string; place: string; mimeType: string; startedAt: number; durationSeconds: number };
export type KeptTake = TakeInfo & { blob: Blob };

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === "undefined") return reject(new Error("No IndexedDB"));
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(TAKES, { keyPath: "id" }).createIndex("place", ["owner", "place"]);
      request.result.createObjectStore(PARTS, { keyPath: ["take", "index"] });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error("IndexedDB blocked"));
  });
}

async function transact<Result>(mode: IDBTransactionMode, act: (stores: { takes: IDBObjectStore; parts: IDBObjectStore }) => Promise<Result> | Result) {
  const database = await openDatabase();
  try {
    const transaction = database.transaction([TAKES, PARTS], mode);
    const done = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error ?? new Error("Aborted"));
    });
    // Should `act` throw, that is the failure reported; the transaction's own end is then of no interest.
    done.catch(() => undefined);
    const result = await act({ takes: transaction.objectStore(TAKES), parts: transaction.objectStore(PARTS) });
    await done;
    return result;
  } finally {
    database.close();
  }
}

const answer = <Result>(request: IDBRequest<Result>) =>
  new Promise<Result>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/** Begins keeping a new take; answers whether this device keeps it (else it lives only in the page). */
export async function startTake(take: TakeInfo): Promise<boolean> {
  try {
    await transact("readwrite", ({ takes }) => void takes.put(take));
    return true;
  } catch {
    return false;
  }
}

/** Keeps the take's next part, and how long the take is now. */
export async function keepPart(takeId: string, index: number, part: Blob, durationSeconds: number): Promise<boolean> {
  try {
    await transact("readwrite", async ({ takes, parts }) => {
      // A part that arrives after its take was forgotten is not kept either.
      const take = await answer<TakeInfo | undefined>(takes.get(takeId));
      if (!take) return;
      parts.put({ take: takeId, index, part });
      takes.put({ ...take, durationSeconds });
    });
    return true;
  } catch {
    return false;
  }
}

/** The newest take this member left unsent at this place, its parts joined into one file. */
export async function findTake(owner: string, place: string): Promise<KeptTake | null> {
  try {
    return await transact("readonly", async ({ takes, parts }) => {
      const found = await answer<TakeInfo[]>(takes.index("place").getAll([owner, place]));
      const take = found.sort((a, b) => b.startedAt - a.startedAt)[0];
      if (!take) return null;
      const kept = await answer<{ part: Blob }[]>(parts.getAll(IDBKeyRange.bound([take.id, 0], [take.id, Number.MAX_SAFE_INTEGER])));
      if (kept.length === 0) return null;
      return {
        ...take,
        blob: new Blob(
          kept.map((item) => item.part),
          { type: take.mimeType },
        ),
      };
    });
  } catch {
    return null;
  }
}

/** Forgets a take: the server has it, or its maker chose to record again. */
export async function dropTake(takeId: string) {
  try {
    await transact("readwrite", ({ takes, parts }) => {
      takes.delete(takeId);
      parts.delete(IDBKeyRange.bound([takeId, 0], [takeId, Number.MAX_SAFE_INTEGER]));
    });
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** Forgets every take of this member at this place. */
export async function dropTakesAt(owner: string, place: string) {
  try {
    await transact("readwrite", async ({ takes, parts }) => {
      for (const take of await answer<TakeInfo[]>(takes.index("place").getAll([owner, place]))) {
        takes.delete(take.id);
        parts.delete(IDBKeyRange.bound([take.id, 0], [take.id, Number.MAX_SAFE_INTEGER]));
      }
    });
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** Gives a take a new place: a memory's take, recorded before the memory was saved, waits on its Edit page. */
export async function moveTake(takeId: string, place: string) {
  try {
    await transact("readwrite", async ({ takes }) => {
      const take = await answer<TakeInfo | undefined>(takes.get(takeId));
      if (take) takes.put({ ...take, place });
    });
  } catch {
    // Nothing kept, nothing to move.
  }
}
