// What the administration's screens call the acts of the record, the users' types and states.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

import type { AdminAction, UserState } from '@/domain/admin'
import type { UserType } from '@/domain/enums'

export const ACTION_NAMES: Record<AdminAction, MessageDescriptor> = {
  suspend: msg`Suspended`,
  liftSuspension: msg`Suspension lifted`,
  resendActivation: msg`Activation link sent again`,
  startPasswordReset: msg`Password reset started`,
  createAgency: msg`Agency created`,
  updateAgency: msg`Agency edited`,
  setAgencyLogo: msg`Logo changed`,
  deactivateAgency: msg`Agency deactivated`,
  reactivateAgency: msg`Agency reactivated`,
  deleteAgency: msg`Agency deleted`,
  createCountry: msg`Country created`,
  updateCountry: msg`Country edited`,
  deleteCountry: msg`Country deleted`,
  createLocation: msg`Place created`,
  updateLocation: msg`Place edited`,
  deleteLocation: msg`Place deleted`,
}

export const STATE_NAMES: Record<UserState, MessageDescriptor> = {
  active: msg`Active`,
  inactive: msg`Not activated`,
  suspended: msg`Suspended`,
}

export const STATE_COLORS: Record<UserState, string> = {
  active: 'teal.9',
  inactive: 'gray.7',
  suspended: 'red.9',
}

export const TYPE_NAMES: Record<UserType, MessageDescriptor> = {
  USER: msg`Renter`,
  AGENCY: msg`Agency`,
  ADMIN: msg`Administrator`,
}
