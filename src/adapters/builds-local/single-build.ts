/** How a database lets one build run at a time, across processes and instances. */
export type SingleBuild = {
  /** Records a build as `building` and answers its id; null when a live process is building. */
  begin(pid: number, contentVersion: number): Promise<number | null>;
  /** Lets others build again once build `id`'s record says it has ended. */
  release(id: number): Promise<void>;
};

/** What a build whose process stopped part way is recorded with. */
export const INTERRUPTED = 'Η δημιουργία διακόπηκε (ο διακομιστής σταμάτησε).';
