/** IMPORTANT: pure pages that apps render outside the public site's route table. */
export { ErrorPage } from '../pages/error/error-page.tsx'
export { NotFoundPage } from '../pages/not-found/not-found-page.tsx'
export { LoginPage } from '../pages/admin-login/login-page.tsx'
