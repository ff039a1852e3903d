/** IMPORTANT: pure pages that apps render outside the public site's route table. */
export { ErrorPage } from '../pages/error/error-page.tsx'
export { NotFoundPage } from '../pages/not-found/not-found-page.tsx'
export { LoginPage } from '../pages/admin-login/login-page.tsx'
export type { LoginCredentials, LoginPageProps } from '../pages/admin-login/login-page.tsx'
export { NewPasswordPage, MIN_PASSWORD_LENGTH } from '../pages/admin-login/new-password-page.tsx'
export type { NewPasswordPageProps } from '../pages/admin-login/new-password-page.tsx'
export { adminLoginMeta } from '../pages/admin-login/login-meta.ts'
export type { AdminLoginScreen } from '../pages/admin-login/login-meta.ts'
