/** The private-file helpers are the platform's (src-main/platform/private-file.ts), shared by every process. */
export {
  ensurePrivateFolder,
  preparePrivateDatabase,
  removeStaleTemporaryFiles,
  tightenPrivateFile,
  writeFileAtomic,
} from '../platform/private-file';
