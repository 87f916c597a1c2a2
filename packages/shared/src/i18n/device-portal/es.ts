import type { DevicePortalCatalogue } from './en-us'

export const devicePortalEs: DevicePortalCatalogue = {
  devicePortal: {
    tab: 'Portal',
    intro:
      'Los invitados que se conectan a un SSID con el portal activo ven su página e inician sesión antes de navegar.',
    none: 'El dispositivo aún no informa ningún SSID.',
    ssid: '{{target}}: {{ssid}}',
    targets: {
      '2g': '2,4 GHz',
      '5g': '5 GHz',
      vap1: 'AP virtual 1',
      vap2: 'AP virtual 2',
      vap3: 'AP virtual 3',
    },
    enabled: 'Portal',
    page: 'Página del portal',
    strategy: 'Política',
    methods: 'Métodos de autenticación',
    methodNames: {
      click: 'Acceso con un clic (aceptar los términos)',
      member: 'Cuenta de socio',
      sms: 'Código por SMS',
    },
    offline: 'Cuando la nube no está disponible',
    offlinePolicies: {
      open: 'Dejar entrar a los nuevos invitados',
      closed: 'No dejar entrar a los nuevos invitados',
    },
    choose: 'Elija…',
    save: 'Guardar',
    saved: 'Guardado: el dispositivo lo aplica',
    noChoices: 'Primero añada una página de portal y una política en Gestión de autenticación.',
    sync: {
      in_sync: 'Sincronizado',
      applying: 'Aplicando',
      pending: 'Esperando al dispositivo',
      failed: 'Error',
    },
    roaming: 'Itinerancia de grupo en este proyecto',
    roamingHint:
      'Un invitado autenticado en un dispositivo del proyecto no vuelve a identificarse en otro. Mientras está activa, los portales del proyecto no pueden cambiar.',
    roamingOn: 'Itinerancia de grupo activada',
    roamingOff: 'Itinerancia de grupo desactivada',
    roamingLocked: 'Desactive la itinerancia de grupo para cambiar este portal',
    noProject: 'El dispositivo no está en ningún proyecto: la itinerancia de grupo no se aplica.',
  },
}
