import { emptyBankAccount, type SettingsForm } from '../../domain/settings/settings-form.ts';
import type { BankAccount } from '../../domain/settings/shop-settings.ts';
import { FieldGroup, type FieldsProps } from './SettingsFields.tsx';
import Field from './ui/Field.tsx';
import { listButton, textInput } from './ui/styles.ts';

type Props = Omit<FieldsProps, 'change'> & {
  setPayments: (payments: SettingsForm['payments']) => void;
  setAccounts: (accounts: BankAccount[]) => void;
};

const MAX_ACCOUNTS = 5;

/**
 * The payments checkout takes, and the bank accounts a bank transfer is paid into: the
 * confirmation, its mail and the order page show them while the payment is due.
 */
export default function PaymentFields({ form, errors, fieldId, setPayments, setAccounts }: Props) {
  const accounts = form.bankAccounts;
  const setAccount = (index: number, key: keyof BankAccount, value: string) =>
    setAccounts(accounts.map((account, at) => (at === index ? { ...account, [key]: value } : account)));
  const paymentsError = errors['payments.bankTransfer'];
  const check = (key: keyof SettingsForm['payments'], label: string) => (
    <label className="flex min-h-11 items-center gap-3">
      <input
        type="checkbox"
        checked={form.payments[key]}
        onChange={(event) => setPayments({ ...form.payments, [key]: event.target.checked })}
        aria-invalid={paymentsError ? true : undefined}
        aria-describedby={paymentsError ? `${fieldId('payments')}-error` : undefined}
        className="size-5"
      />
      {label}
    </label>
  );

  return (
    <FieldGroup title="Πληρωμές">
      <div className="grid gap-1 sm:col-span-2">
        {check('bankTransfer', 'Τραπεζική μεταφορά')}
        {check('cashOnDelivery', 'Αντικαταβολή (ή πληρωμή κατά την παραλαβή από το κατάστημα)')}
        {paymentsError ? (
          <p id={`${fieldId('payments')}-error`} className="text-sm text-danger">
            {paymentsError}
          </p>
        ) : null}
      </div>
      <div className="grid gap-3 sm:col-span-2">
        <h3 className="font-semibold">Τραπεζικοί λογαριασμοί</h3>
        {errors.bankAccounts ? <p className="text-sm text-danger">{errors.bankAccounts}</p> : null}
        {accounts.map((account, index) => {
          const path = (key: string) => `bankAccounts.${index}.${key}`;
          const field = (key: keyof BankAccount, label: string) => (
            <Field id={fieldId(path(key))} label={label} required error={errors[path(key)]}>
              {(control) => (
                <input
                  {...control}
                  name={path(key)}
                  value={account[key]}
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(event) => setAccount(index, key, event.target.value)}
                  className={textInput}
                />
              )}
            </Field>
          );
          return (
            // The accounts have no id of their own; their place in the list is what the errors name.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <div key={index} className="grid gap-3 rounded-md bg-mist p-3 sm:grid-cols-3">
              {field('bank', 'Τράπεζα')}
              {field('beneficiary', 'Δικαιούχος')}
              {field('iban', 'IBAN')}
              <button
                type="button"
                onClick={() => setAccounts(accounts.filter((_, at) => at !== index))}
                className={`${listButton} bg-paper sm:col-span-3 sm:justify-self-start`}
              >
                Αφαίρεση λογαριασμού {index + 1}
              </button>
            </div>
          );
        })}
        {accounts.length < MAX_ACCOUNTS ? (
          <button
            type="button"
            onClick={() => setAccounts([...accounts, emptyBankAccount(form.identity.legalName)])}
            className={`${listButton} justify-self-start`}
          >
            Προσθήκη λογαριασμού
          </button>
        ) : null}
      </div>
    </FieldGroup>
  );
}
