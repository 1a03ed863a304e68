import { verificationCodeFormSchema, type VerificationCodeForm } from '@qbank/contract/forms';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { notify } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { useZodForm } from '../../../components/ui/use-zod-form';
import { endSession } from '../../../lib/current-user';
import { fieldMessage, throttledDetail, verifyEmailErrorKey } from '../../../lib/error-catalogue';
import { useSession } from '../../../lib/session';
import { useResendVerificationCode } from '../api/resend-verification-code';
import { useVerifyEmail } from '../api/verify-email';
import { useCooldown } from '../hooks/use-cooldown';
import { AuthCard } from './auth-layout';
import { CodeForm } from './auth-fields';

const RESEND_COOLDOWN = 60;

/** The code mailed at registration confirms the address; then onboarding. */
export default function EmailVerificationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { user, token } = useSession();
  const verify = useVerifyEmail();
  const resend = useResendVerificationCode();
  const justSent = (location.state as { codeSent?: boolean } | null)?.codeSent === true;
  const cooldown = useCooldown(justSent ? RESEND_COOLDOWN : 0);
  const form = useZodForm<VerificationCodeForm>(verificationCodeFormSchema, { code: '' });
  const message = form.formState.errors.code?.message;
  const email = user?.email;

  if (!token || !email) {
    return (
      <AuthCard title={t('auth.verify.title')} intro={t('auth.verify.signed-out')}>
        <Link className="btn btn-primary btn-block" to="/auth/sign-in">
          {t('auth.sign-in.link')}
        </Link>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit((values) => {
    verify.mutate(values, {
      onSuccess: () => {
        // Onboarding reloads the profile: reloading it here, the guard would see a confirmed user on an
        // auth route and send them to /modules before the onboarding screen arrives.
        notify('success', t('auth.verify.done'));
        void navigate('/auth/onboarding', { replace: true });
      },
    });
  });

  const codeError = (verify.error && fieldMessage(verify.error, 'code')) || (message && t(message));
  const resendError = resend.error
    ? (throttledDetail(resend.error) ?? t('errors.someone-chose-wrong-try-again'))
    : null;

  return (
    <AuthCard
      title={t('auth.verify.title')}
      intro={t('auth.verify.intro', { email })}
      footer={
        <p>
          <Button
            variant="link"
            onClick={() => {
              endSession();
              void navigate('/auth/sign-in', { replace: true });
            }}
          >
            {t('auth.verify.other-account')}
          </Button>
        </p>
      }
    >
      <CodeForm
        alert={verify.error ? t(verifyEmailErrorKey(verify.error)) : resendError}
        onSubmit={onSubmit}
        code={{ error: codeError || undefined, ...form.register('code') }}
        busy={verify.isPending}
        submit={t('auth.verify.submit')}
        resend={{
          left: cooldown.left,
          busy: resend.isPending,
          done: resend.isSuccess,
          onResend: () =>
            resend.mutate(
              { email },
              {
                onSuccess: () => cooldown.start(RESEND_COOLDOWN),
                onError: (error) => {
                  const seconds = Number(/(\d+) seconds?/.exec(throttledDetail(error) ?? '')?.[1]);
                  if (seconds > 0) cooldown.start(seconds);
                },
              },
            ),
        }}
      />
    </AuthCard>
  );
}
