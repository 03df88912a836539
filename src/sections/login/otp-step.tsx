// The 'Enter OTP' box: on first login with the QR code and the setup key as text beside it.
import { Button, Code, Flex, Heading, Link, Text, TextField } from '@radix-ui/themes';
import { useId, type ClipboardEvent, type FormEvent } from 'react';
import { selectBusy, selectTicket } from './login.selectors';
import { LoginCtx } from './login-context';

/** Groups the base32 key in fours so it can be read out and typed. */
const groupKey = (key: string) => key.replace(/(.{4})(?=.)/g, '$1 ');

const digitsOnly = (text: string) => text.replace(/\D/g, '').slice(0, 6);

/** Codes are digits: anything else typed into the box is dropped as it comes. */
function keepDigits(e: FormEvent<HTMLInputElement>) {
  const box = e.currentTarget;
  const digits = digitsOnly(box.value);
  if (digits !== box.value) box.value = digits;
}

/** A pasted '123 456' keeps its six digits (maxLength alone would cut it to '123 45'). */
function pasteDigits(e: ClipboardEvent<HTMLInputElement>) {
  e.preventDefault();
  const box = e.currentTarget;
  const start = box.selectionStart ?? box.value.length;
  const end = box.selectionEnd ?? box.value.length;
  box.value = digitsOnly(box.value.slice(0, start) + e.clipboardData.getData('text') + box.value.slice(end));
}

export function OtpStep() {
  const login = LoginCtx.useActorRef();
  const ticket = LoginCtx.useSelector(selectTicket);
  const busy = LoginCtx.useSelector(selectBusy);
  const keyLabel = useId();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    login.send({ type: 'otp.submit', otp: String(new FormData(e.currentTarget).get('otp') ?? '') });
  };

  return (
    // noValidate: a short code is worded by the machine, like every other message on the page.
    <form onSubmit={submit} aria-label="One-time code" noValidate>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          Enter OTP
        </Heading>
        {ticket && (
          <Flex gap="4" align="center" wrap="wrap">
            <img src={ticket.qrcode} alt="QR code for your authenticator app" width={160} height={160} />
            <Flex direction="column" gap="3" style={{ flex: '1 1 160px' }}>
              <Text as="p" size="2">
                Scan the code with your authenticator app, or type the setup key below into it.
              </Text>
              {/* The visible label names the group that holds the key, so the two are read together. */}
              <div role="group" aria-labelledby={keyLabel}>
                <Text as="div" id={keyLabel} size="2" weight="medium" mb="1">
                  Setup key
                </Text>
                <Code size="3" style={{ wordBreak: 'break-all' }}>
                  {groupKey(ticket.key)}
                </Code>
              </div>
            </Flex>
          </Flex>
        )}
        <TextField.Root
          name="otp"
          aria-label="One-time code"
          inputMode="numeric"
          pattern="[0-9]{6}"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="6-digit code"
          autoFocus
          onInput={keepDigits}
          onPaste={pasteDigits}
        />
        <Flex justify="between" align="center">
          <Link asChild size="2">
            <button
              type="button"
              onClick={() => login.send({ type: 'login.restart' })}
              style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer' }}
            >
              Start over
            </button>
          </Link>
          <Button type="submit" loading={busy}>
            {ticket ? 'Activate' : 'Login'}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
