import type { PortalGuestCatalogue } from './en-us'

export const portalGuestEs: PortalGuestCatalogue = {
  portalGuest: {
    agree: 'Acepto las condiciones de uso',
    connect: 'Conectar',
    memberTitle: 'Acceso de socios',
    account: 'Cuenta',
    password: 'Contraseña',
    login: 'Entrar',
    phone: 'Número de teléfono',
    sendCode: 'Enviar código',
    code: 'Código',
    codeSent: 'Le hemos enviado un código al teléfono.',
    loginFailed: 'Cuenta o contraseña incorrecta',
    codeFailed: 'El código es incorrecto o ha caducado',
    codeLimit: 'Hoy no se pueden enviar más códigos aquí. Pruebe otra forma de iniciar sesión.',
    codeTooFrequent: 'Demasiados códigos para este teléfono o dispositivo: inténtelo más tarde.',
    codeNotSent: 'No se pudo enviar el código. Inténtelo más tarde.',
    mustAgree: 'Acepte las condiciones de uso para conectarse',
    tooFrequent: 'Demasiados intentos: espere un minuto y vuelva a intentarlo',
    refused: 'Este dispositivo no puede usar esta red.',
    unavailable: 'Esta red no está disponible ahora. Inténtelo más tarde.',
    methodOff: 'Esta forma de acceso no está disponible aquí.',
    connecting: 'Conectándole a la red…',
    connected: 'Está conectado.',
    continue: 'Continuar',
  },
}
