import { BRAND } from '../brand';
/**
 * The terms footer (auth.md section 2): terms of service, the privacy policy and a notice at
 * collection; with the Florida experiment (fdbr_teen_compliance) the notice gives way to an
 * opt-in statement and a delete-account link.
 */
export function TermsFooter({ florida }: { florida: boolean }) {
  return (
    <p class="terms">
      By continuing, you agree to {BRAND}'s <a href="/_/_/policy/terms-of-service/">Terms of Service</a> and acknowledge you've read our{' '}
      <a href="/_/_/policy/privacy-policy/">Privacy Policy</a>.{' '}
      {florida ? (
        <>
          By signing up you opt in to the processing of your data as our Privacy Policy describes. You can{' '}
          <a href="/settings/account-management/">delete your account</a> at any time.
        </>
      ) : (
        <a href="/_/_/policy/privacy-policy/#notice-at-collection">Notice at collection</a>
      )}
    </p>
  );
}
