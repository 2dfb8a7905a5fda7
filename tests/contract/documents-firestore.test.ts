import { createFirestoreDocuments } from '../../src/adapters/docs-firestore/index.ts';
import { startFirebaseEmulators, TEST_PROJECT_ID } from '../helpers/firebase-emulators.ts';
import { documentsContract } from './documents.contract.ts';

const emulators = startFirebaseEmulators({ firestore: true });

documentsContract('Firestore on the emulator', async () => {
  emulators.firestore.clear();
  const documents = createFirestoreDocuments({ projectId: TEST_PROJECT_ID, emulated: true });
  return { documents, close: () => documents.close() };
});
