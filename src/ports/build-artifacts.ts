/**
 * A storefront build an instance made, as `latest` finds it (without its bytes); `builtBy` names
 * the builder's incremental cache (its host and data folder), which that build brought up to date.
 */
export type BuildArtifact = { id: number; contentVersion: number; builtBy: string };

/** A stored build as one instance serves it: in folder `dir`. */
export type ServedArtifact = { id: number; dir: string };

/** A build just stored: `id` is ready for instances serving the one before; `whole`, for all. */
export type PublishedArtifact = { id: number; whole: Promise<void> };

/**
 * Storefront builds shared between the instances of one shop (decision 102): one instance builds
 * while it leads, and stores its build folder here; the others download it instead of building
 * the same pages again. `codeKey` names the code and the install path a build was made from:
 * an instance only takes a build its own code would have made.
 */
export interface BuildArtifactsPort {
  /**
   * The newest build made from `codeKey` that an instance serving the stored build `served`
   * (null: none) can take now; null when there is none.
   */
  latest(codeKey: string, served: number | null): Promise<BuildArtifact | null>;
  /**
   * Stores the build folder `dir` as the newest build of `codeKey`; older ones are let go. It
   * resolves once the files changed since the build before are stored; the whole folder follows.
   */
  publish(codeKey: string, contentVersion: number, dir: string, builtBy: string): Promise<PublishedArtifact>;
  /**
   * Unpacks build `id` into `dir`, which must not exist yet: from `served` and the changes since it
   * when `id` was stored right after it, else whole. Answers which; null when that build is gone.
   */
  download(id: number, dir: string, served: ServedArtifact | null): Promise<'changes' | 'whole' | null>;
  /**
   * The right to build for every instance, held until its release is called (or the process
   * holding it stops); null while another instance holds it.
   */
  tryLead(): Promise<(() => Promise<void>) | null>;
}
