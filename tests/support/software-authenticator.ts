import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software, speaking WebAuthn's real formats (CBOR attestation objects, authenticator data,
 * ES256 signatures over authenticator data and the client data's hash), as a browser hands them to a page. The HTTP
 * tests register and sign in with it; the browser journeys use Chromium's virtual authenticator instead.
 */
export class SoftwareAuthenticator {
  private readonly credentials = new Map<
    string,
    { readonly key: KeyObject; readonly userHandle: string; counter: number }
  >();

  constructor(
    private readonly origin: string,
    private readonly rpId = new URL(origin).hostname,
  ) {}

  /** What `startRegistration` would post for these options (a discoverable ES256 credential, attestation 'none'). */
  register(options: Record<string, unknown>): { readonly id: string; readonly response: Record<string, unknown> } {
    const challenge = String(options.challenge);
    const user = options.user as { id: string };
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const credentialId = randomBytes(16);
    const id = credentialId.toString('base64url');
    this.credentials.set(id, { key: privateKey, userHandle: user.id, counter: 0 });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(String(jwk.x), 'base64url')],
      [-3, Buffer.from(String(jwk.y), 'base64url')],
    ]);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      this.rpIdHash(),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      Buffer.alloc(4),
      Buffer.alloc(16), // AAGUID
      length,
      credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const attestation = new Map<string, string | Uint8Array | Map<string, string>>();
    attestation.set('fmt', 'none');
    attestation.set('attStmt', new Map<string, string>());
    attestation.set('authData', authData);
    const attestationObject = isoCBOR.encode(attestation);
    const clientDataJSON = this.clientData('webauthn.create', challenge);
    return {
      id,
      response: {
        id,
        rawId: id,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: clientDataJSON.toString('base64url'),
          attestationObject: Buffer.from(attestationObject).toString('base64url'),
          transports: ['internal'],
        },
      },
    };
  }

  /** What `startAuthentication` would post for these options, signed by the credential `id`. */
  authenticate(options: Record<string, unknown>, id: string): Record<string, unknown> {
    const credential = this.credentials.get(id);
    if (!credential) throw new Error(`no credential ${id}`);
    credential.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authData = Buffer.concat([this.rpIdHash(), Buffer.from([0x05]), counter]);
    const clientDataJSON = this.clientData('webauthn.get', String(options.challenge));
    const signature = sign(
      'sha256',
      Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]),
      credential.key,
    );
    return {
      id,
      rawId: id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: credential.userHandle,
      },
    };
  }

  private rpIdHash(): Buffer {
    return createHash('sha256').update(this.rpId).digest();
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }
}
