import type { Decider } from '@buyloop/kit';
import { decideAddAddress, type AddAddress } from './add-address/decide';
import { decideChangeAddress, type ChangeAddress } from './change-address/decide';
import { decideChangePassword, type ChangePassword } from './change-password/decide';
import { decideChangePersonalData, type ChangePersonalData } from './change-personal-data/decide';
import { decideChangeRoles, type ChangeRoles } from './change-roles/decide';
import { decideLogIn, type LogIn } from './log-in/decide';
import { decideLogOut, type LogOut } from './log-out/decide';
import { decideRegister, type Register } from './register/decide';
import { decideRemoveAccount, type RemoveAccount } from './remove-account/decide';
import { decideRemoveAddress, type RemoveAddress } from './remove-address/decide';
import { decideRequestPasswordReset, type RequestPasswordReset } from './request-password-reset/decide';
import { decideResetPassword, type ResetPassword } from './reset-password/decide';
import { decideVerifyCustomer, type VerifyCustomer } from './verify-customer/decide';
import { evolveUser, initialUserState, type UserEvent, type UserState } from './user';

export type UserCommand =
  | Register
  | LogIn
  | LogOut
  | RequestPasswordReset
  | ResetPassword
  | ChangePassword
  | ChangePersonalData
  | AddAddress
  | ChangeAddress
  | RemoveAddress
  | ChangeRoles
  | VerifyCustomer
  | RemoveAccount;

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide(command, state) {
    switch (command.type) {
      case 'Register':
        return decideRegister(command, state);
      case 'LogIn':
        return decideLogIn(command, state);
      case 'LogOut':
        return decideLogOut(command, state);
      case 'RequestPasswordReset':
        return decideRequestPasswordReset(command, state);
      case 'ResetPassword':
        return decideResetPassword(command, state);
      case 'ChangePassword':
        return decideChangePassword(command, state);
      case 'ChangePersonalData':
        return decideChangePersonalData(command, state);
      case 'AddAddress':
        return decideAddAddress(command, state);
      case 'ChangeAddress':
        return decideChangeAddress(command, state);
      case 'RemoveAddress':
        return decideRemoveAddress(command, state);
      case 'ChangeRoles':
        return decideChangeRoles(command, state);
      case 'VerifyCustomer':
        return decideVerifyCustomer(command, state);
      case 'RemoveAccount':
        return decideRemoveAccount(command, state);
      default:
        return assertNeverCommand(command);
    }
  },
};

function assertNeverCommand(command: never): never {
  throw new Error(`Unhandled user command ${JSON.stringify(command)}`);
}
