import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useAuthConfig } from '../api/get-auth-config';

type TokenResponse = { access_token?: string; error?: string };
type GoogleAccounts = {
  oauth2: {
    initTokenClient(config: {
      client_id: string;
      scope: string;
      callback: (response: TokenResponse) => void;
      error_callback?: (error: unknown) => void;
    }): { requestAccessToken(): void };
  };
};
declare global {
  interface Window {
    google?: { accounts: GoogleAccounts };
  }
}

const SCRIPT_URL = 'https://accounts.google.com/gsi/client';
let scriptPromise: Promise<GoogleAccounts> | null = null;

/** The provider's script, loaded once and only when the server has a client id. */
function loadGoogle(): Promise<GoogleAccounts> {
  scriptPromise ??= new Promise<GoogleAccounts>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () =>
      window.google ? resolve(window.google.accounts) : reject(new Error('no google'));
    script.onerror = () => {
      scriptPromise = null;
      reject(new Error('script failed'));
    };
    document.head.appendChild(script);
  });
  return scriptPromise;
}

type Props = {
  label: string;
  busy: boolean;
  onToken: (accessToken: string) => void;
  onError: () => void;
};

/** "Continue with Google": shown only when GET /api/auth/config/ names a client id. */
export function GoogleButton({ label, busy, onToken, onError }: Props) {
  const { t } = useTranslation();
  const config = useAuthConfig();
  const [opening, setOpening] = useState(false);
  const clientId = config.data?.google_client_id;
  if (!clientId) return null;

  async function start(id: string) {
    setOpening(true);
    try {
      const google = await loadGoogle();
      const client = google.oauth2.initTokenClient({
        client_id: id,
        scope: 'profile email',
        callback: (response) => {
          setOpening(false);
          if (response.access_token) onToken(response.access_token);
          else onError();
        },
        error_callback: () => setOpening(false),
      });
      client.requestAccessToken();
    } catch {
      setOpening(false);
      onError();
    }
  }

  return (
    <>
      <div className="divider" role="separator">
        <span>{t('auth.or')}</span>
      </div>
      <Button
        variant="secondary"
        className="btn-block"
        loading={busy || opening}
        onClick={() => void start(clientId)}
      >
        {label}
      </Button>
    </>
  );
}
