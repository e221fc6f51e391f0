// The activation link of an account an administrator created (an agency's, docs/product.md §16): the
// agency chooses its first password there, as a reset link's page sets a new one.
import { PasswordLinkPage } from './office-reset-password-page'

export const OfficeActivatePage = () => <PasswordLinkPage purpose="activate" />
