import { ToastContainer } from 'react-toastify';
import { useSettings } from '../lib/settings';

/** Toasts last 5 seconds (seed §9), at the bottom so they never cover the navigation; loaded with the first toast (lib/toast.ts). */
export default function ToastHost() {
  const { displayMode } = useSettings();
  return (
    <ToastContainer
      position="bottom-center"
      autoClose={5000}
      theme={displayMode}
      newestOnTop
      closeOnClick
    />
  );
}
