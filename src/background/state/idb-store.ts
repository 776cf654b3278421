/**
 * One object store in a database of its own, in the extension origin's IndexedDB: where the
 * secrets live (the API key: secret-store.ts; the reporting token: reporting/token-store.ts), out
 * of every content script's reach. Each call opens the database and closes it when its
 * transaction completes: a worker may be stopped at any moment, and no handle is kept across it.
 */
/** Opens (and on first use creates) database `dbName`, version 1, with its one object store. */
export function openIdb(dbName: string, storeName: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(dbName, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(storeName);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('indexedDB open failed'));
    req.onblocked = () => reject(new Error('indexedDB open blocked'));
  });
}

export function idbStore(dbName: string, storeName: string) {
  const open = () => openIdb(dbName, storeName);
  /** Runs `op` in one transaction; resolves with its request's result once the transaction completed. */
  return async function run<T>(mode: IDBTransactionMode, op: (s: IDBObjectStore) => IDBRequest): Promise<T> {
    const db = await open();
    return new Promise<T>((resolve, reject) => {
      const t = db.transaction(storeName, mode);
      const req = op(t.objectStore(storeName));
      t.oncomplete = () => {
        db.close();
        resolve(req.result as T);
      };
      t.onerror = () => {
        db.close();
        reject(t.error ?? new Error('indexedDB transaction failed'));
      };
    });
  };
}
