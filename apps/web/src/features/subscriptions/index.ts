/** The subscriptions feature's public face: other screens show the locked-question notice. */
export { FreePreviewNote } from './components/free-preview-note';
export { LockedNotice } from './components/locked-notice';
export { useCheckSubscription } from './api/check-subscription';
