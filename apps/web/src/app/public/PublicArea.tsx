import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import LoginPage from '../../features/auth/LoginPage.tsx';

const ForgotPasswordPage = lazy(() => import('../../features/auth/ForgotPasswordPage.tsx'));
const ResetPasswordPage = lazy(() => import('../../features/auth/ResetPasswordPage.tsx'));
const VerificationPage = lazy(() => import('../../features/auth/VerificationPage.tsx'));

/** Signed-out routes (spec §2 Unauthenticated area): any other path shows the login form. */
export default function PublicArea() {
  return (
    <Routes>
      <Route path="/forgot-password-request" element={<ForgotPasswordPage />} />
      <Route path="/change-forgotten-password" element={<ResetPasswordPage />} />
      <Route path="/verification" element={<VerificationPage />} />
      <Route path="*" element={<LoginPage />} />
    </Routes>
  );
}
