import type { HelpLibrary } from './types'

/** El centro de ayuda en español: artículo por artículo, lo mismo que en-us.ts (la referencia). */
export const helpEs: HelpLibrary = {
  sections: {
    start: 'Primeros pasos',
    devices: 'Dispositivos',
    projects: 'Proyectos',
    maintenance: 'Mantenimiento del sistema',
    notifications: 'Mensajes y anuncios',
    portal: 'Autenticación (portal)',
    accounts: 'Cuentas',
  },
  articles: {
    console: {
      title: 'Cómo moverse por la consola',
      summary:
        'La barra superior, el menú lateral, los idiomas, lo que puede ver y por qué termina una sesión.',
      sections: [
        {
          heading: 'La barra superior',
          blocks: [
            'El botón del extremo izquierdo pliega y despliega el menú lateral; el logotipo lleva a la página de inicio. A la derecha encontrará:',
            {
              list: [
                'Vincular dispositivo: las cuentas secundarias que pueden vincular dispositivos lo hacen aquí (la cuenta principal vincula desde la lista de dispositivos). Si aún no tiene dispositivos, una burbuja de ayuda señala el botón.',
                'Los botones de idioma: English, 中文 y Español. La consola cambia al instante, sin recargar, y recuerda su elección en este navegador.',
                'Mensajes del sistema: la campana muestra el número de mensajes no leídos cuando los hay, y se actualiza sola.',
                'Ayuda: el signo de interrogación abre el artículo de ayuda de la página en la que está.',
                'Centro personal y Cerrar sesión. Cerrar sesión pide confirmación antes.',
              ],
            },
          ],
        },
        {
          heading: 'El menú lateral y lo que puede ver',
          blocks: [
            'El menú muestra las secciones que su cuenta puede usar: Inicio, Gestión de dispositivos (la lista de dispositivos y las alarmas), Gestión de proyectos, Mantenimiento del sistema (gestión de actualizaciones, gestión de registros, copia de configuración y gestión de plantillas), Gestión de autenticación (página del portal, estrategia y métodos de autenticación) y Gestión de cuentas.',
            'Una cuenta principal ve todas las secciones. Una cuenta secundaria ve las que le conceden sus roles; Inicio siempre está concedido. La gestión de cuentas y los ajustes del portal son solo de la cuenta principal, y una cuenta secundaria de nivel 1 (operador) no tiene gestión de actualizaciones ni de plantillas.',
            'Si abre la dirección de una página que su rol no incluye, la consola muestra «Sin permiso»: pida acceso a la cuenta principal. Una dirección que no existe muestra «Página no encontrada» con un botón para volver al inicio.',
          ],
        },
        {
          heading: 'Idiomas',
          blocks: [
            'La consola se abre en el idioma que eligió por última vez en este navegador; si no, en el predeterminado de su proveedor; si no, en el idioma del navegador si es inglés, chino o español; y si no, en inglés.',
          ],
        },
        {
          heading: 'Por qué se cerró su sesión',
          blocks: [
            'La sesión termina cuando cierra sesión, tras mucho tiempo sin actividad, cuando se cambia su contraseña (se cierran todas las demás sesiones) o cuando se desactiva su cuenta. El mensaje «Credenciales no válidas o caducadas, vuelva a iniciar sesión» significa que no se pudo renovar la sesión: vuelva a iniciar sesión y la consola le llevará a la página que pidió. «Esta cuenta ya no está en uso» significa que la cuenta se ha desactivado: contacte con quien la gestiona.',
          ],
        },
        {
          heading: 'Mensajes que puede ver en cualquier página',
          blocks: [
            {
              list: [
                '«Solicitudes de datos demasiado frecuentes»: espere un momento y vuelva a intentarlo.',
                '«El sistema está algo ocupado» o «Servicio no disponible, inténtelo más tarde»: el servidor no pudo responder; no se cambió nada, vuelva a intentarlo más tarde.',
                '«Error de red» o «Se agotó el tiempo de conexión de red»: compruebe su conexión. Una solicitud espera como máximo 60 segundos.',
                '«La página tardó demasiado en cargar, revise su red»: una parte de la consola no llegó en 120 segundos.',
              ],
            },
            'Al informar de un problema, indique su nombre de cuenta, la hora, la página, lo que hizo y el mensaje exacto. No envíe nunca su contraseña.',
          ],
        },
      ],
    },
    home: {
      title: 'Página de inicio',
      summary: 'Sus dispositivos de un vistazo, el tráfico de su red y su cuenta.',
      sections: [
        {
          heading: 'Resumen del proyecto',
          blocks: [
            'El resumen cuenta sus dispositivos: cuántos hay, cuántos están conectados y desconectados, y cuántos de cada tipo (punto de acceso, pasarela, repetidor, router 4G). «Sin conexión recientemente» muestra los últimos dispositivos que se desconectaron: nombre o MAC, modelo y desde cuándo.',
            'Si aún no tiene dispositivos, el resumen le ofrece abrir la lista de dispositivos, donde puede vincular uno.',
          ],
        },
        {
          heading: 'Tráfico y clientes',
          blocks: [
            'El gráfico muestra el caudal de descarga y subida de sus dispositivos y el número de clientes conectados en la última hora, las últimas 24 horas o los últimos 7 días. Elija un proyecto para ver solo sus dispositivos (con sus subproyectos). Un periodo sin datos lo indica en lugar de dibujar una línea vacía.',
          ],
        },
        {
          heading: 'Su cuenta',
          blocks: [
            'La tarjeta de la cuenta muestra su nombre de cuenta, si es principal o secundaria, su nivel, su correo y su teléfono, cuándo se registró y cuándo inició sesión por última vez (o que es su primer inicio de sesión). Cambie sus datos en el centro personal.',
          ],
        },
      ],
    },
    'sign-in': {
      title: 'Iniciar sesión',
      summary: 'Inicie sesión con su cuenta o su teléfono, recuerde la cuenta y qué significan los mensajes.',
      sections: [
        {
          heading: 'Cuenta o teléfono',
          blocks: [
            'En la pestaña de inicio con cuenta, escriba su cuenta y su contraseña. En la pestaña de inicio con teléfono, elija su prefijo de país y escriba su número y su contraseña; funciona si su perfil tiene un número de teléfono.',
            '«Recordar cuenta» guarda el nombre de cuenta o el teléfono en este navegador para rellenar el formulario la próxima vez. La contraseña nunca se guarda. Desmárquelo en un ordenador compartido.',
            'Si abrió una dirección de la consola antes de iniciar sesión, irá a ella después de iniciar sesión.',
          ],
        },
        {
          heading: 'Reglas',
          blocks: [
            {
              list: [
                'Cuenta: 3-20 letras, dígitos o guiones bajos, empezando por una letra.',
                'Contraseña: 6-20 letras y dígitos.',
              ],
            },
          ],
        },
        {
          heading: 'Cuando no funciona',
          blocks: [
            {
              list: [
                '«Cuenta o contraseña incorrecta»: compruebe ambas, y el idioma del teclado y las mayúsculas. Si olvidó la contraseña, elija «¿Olvidó su contraseña?».',
                '«Esta cuenta ya no está en uso»: la cuenta principal que la creó la ha desactivado.',
                '«Error al iniciar sesión»: el servidor no pudo iniciar su sesión ahora; vuelva a intentarlo en un momento.',
              ],
            },
          ],
        },
      ],
    },
    register: {
      title: 'Crear una cuenta',
      summary: 'Registre una cuenta principal, las reglas de cada campo y el acuerdo de usuario.',
      sections: [
        {
          heading: 'El formulario',
          blocks: [
            'Elija «Registrarse» en la página de inicio de sesión. La cuenta que crea es una cuenta principal: ve todas las secciones de la consola y puede crear cuentas secundarias para sus compañeros.',
            {
              list: [
                'Cuenta: 3-20 letras, dígitos o guiones bajos, empezando por una letra.',
                'Contraseña: 6-20 letras y dígitos, escrita dos veces.',
                'Correo electrónico: una dirección válida; se usa para restablecer la contraseña y para avisos, y ninguna otra cuenta puede usarla.',
                'Teléfono: opcional; 6-25 dígitos, siempre con su prefijo de país, y no usado por otra cuenta.',
                'Debe leer y aceptar el acuerdo de usuario; se abre con el enlace junto a la casilla.',
              ],
            },
            'Una vez creada la cuenta, inicie sesión con ella.',
          ],
        },
        {
          heading: 'Mensajes',
          blocks: [
            {
              list: [
                '«La cuenta ya existe»: elija otro nombre de cuenta.',
                '«Este correo ya existe»: el correo pertenece a otra cuenta.',
                '«El número de móvil ya está vinculado»: el teléfono pertenece a otra cuenta.',
                '«El registro falló, revise la información»: corrija los campos marcados en rojo.',
              ],
            },
          ],
        },
      ],
    },
    'password-reset': {
      title: 'Contraseña olvidada y restablecimiento',
      summary: 'Reciba un enlace por correo, úselo, y qué hacer si no es válido o ha caducado.',
      sections: [
        {
          heading: 'Pedir un enlace',
          blocks: [
            'En la página de inicio de sesión elija «¿Olvidó su contraseña?», escriba su cuenta y el correo con el que se registró y elija «Enviar enlace». La página siguiente confirma adónde se envió. Si no llega, mire la carpeta de correo no deseado y después «Reenviar correo»: puede reenviarse cuando termine la cuenta atrás (un minuto).',
          ],
        },
        {
          heading: 'Elegir la nueva contraseña',
          blocks: [
            'Abra el enlace del correo. La página indica la cuenta y pide la nueva contraseña dos veces: 6-20 letras y dígitos. Después inicie sesión con la nueva contraseña.',
            'Un enlace funciona una sola vez y durante los minutos que indica el correo (30 si su proveedor no fijó otro tiempo), y un enlace nuevo sustituye a los anteriores: use siempre el correo más reciente.',
          ],
        },
        {
          heading: 'Mensajes',
          blocks: [
            {
              list: [
                '«La cuenta no existe» o «Correo electrónico incorrecto»: la cuenta o el correo no son los registrados.',
                '«Enlace no válido» o «El enlace ha caducado, vuelva a enviar el correo»: pida un enlace nuevo.',
                '«El servicio de notificación por correo no está configurado»: el servidor no puede enviar correos; contacte con su proveedor.',
              ],
            },
          ],
        },
      ],
    },
    'device-list': {
      title: 'Gestión de dispositivos: la lista',
      summary:
        'Encuentre dispositivos con filtros y búsqueda, elija las columnas y actúe sobre uno o sobre una selección.',
      sections: [
        {
          heading: 'Qué muestra la lista',
          blocks: [
            'Todos los dispositivos que puede ver, con su estado, nombre, dirección MAC, modelo y tipo, firmware, tiempo activo, uso de CPU y memoria, clientes, hora de acceso, dirección IP y proyecto. «Columnas» elige qué columnas se muestran («Columnas predeterminadas» vuelve al principio). La lista se actualiza cada pocos segundos, así que un dispositivo que se conecta o desconecta aparece así en pocos segundos.',
          ],
        },
        {
          heading: 'Filtros y búsqueda',
          blocks: [
            'Filtre por proyecto (un proyecto incluye sus subproyectos), estado, tipo, modelo, firmware y, para las cuentas que gestionan plantillas, plantilla de configuración; «Cambiado en el dispositivo» muestra los dispositivos cuya configuración en ejecución ya no coincide con la que fijó Canopy. Busque por nombre o MAC. «Quitar filtros» los quita todos. Los filtros se guardan en la dirección de la página, así que una lista filtrada puede guardarse en favoritos o compartirse.',
          ],
        },
        {
          heading: 'Acciones',
          blocks: [
            'Cada fila tiene Detalles (la página del dispositivo), Remoto (su página de gestión o diagnóstico, para un dispositivo conectado) y Más: actualizar, mover, desvincular y eliminar. Marque varios dispositivos para actuar sobre todos desde la barra sobre la lista: reiniciar, configurar WiFi, reinicio programado, LED encendido o apagado, actualizar, mover, desvincular y eliminar.',
            'Solo ve las acciones que permiten sus roles. Una acción que un dispositivo no puede hacer ahora aparece en gris y su información emergente dice por qué.',
          ],
        },
        {
          heading: 'Mensajes',
          blocks: [
            {
              list: [
                '«Seleccione al menos un dispositivo»: marque dispositivos antes de usar la barra.',
                '«Los dispositivos en línea no se pueden eliminar»: espere a que se desconecten, o desvincúlelos.',
                '«Sin permiso»: su rol no incluye esta función para estos dispositivos.',
              ],
            },
          ],
        },
      ],
    },
    'bind-device': {
      title: 'Vincular un dispositivo',
      summary: 'Añada un dispositivo a su cuenta con su dirección MAC y su contraseña de gestión.',
      sections: [
        {
          heading: 'El diálogo de vinculación',
          blocks: [
            'Ábralo con «Vincular dispositivo» en la lista de dispositivos (las cuentas secundarias también lo encuentran en la barra superior).',
            {
              list: [
                'Cuenta del dispositivo: como máximo 32 caracteres; déjela vacía para usar admin.',
                'Contraseña de gestión: la del propio dispositivo, como máximo 63 caracteres; obligatoria.',
                'MAC del dispositivo: doce dígitos hexadecimales como en la etiqueta, p. ej. 02:C1:01:AB:CD:EF, 02-C1-01-AB-CD-EF o 02C101ABCDEF. No puede ser todo ceros, todo F, ni una dirección multicast o de difusión.',
                'Proyecto: marque el único proyecto al que pertenece el dispositivo.',
              ],
            },
            'El dispositivo debe haberse conectado antes a la nube, porque es el dispositivo quien avala su contraseña de gestión. Tras «Confirmar», aparece en la lista en pocos segundos.',
          ],
        },
        {
          heading: 'Por qué no se vinculó un dispositivo',
          blocks: [
            {
              list: [
                '«Dirección MAC incorrecta»: no es una MAC de dispositivo válida.',
                '«El producto no existe» o «Modelo de dispositivo no compatible»: la MAC no pertenece a ningún producto conocido, o a un modelo que aún no puede vincularse.',
                '«El dispositivo no existe»: ningún dispositivo con esa MAC se ha conectado a la nube.',
                '«El dispositivo está ocupado y no se puede vincular»: lo tiene otra cuenta; primero debe desvincularse allí.',
                '«La cuenta del dispositivo o la contraseña de administración no son correctas».',
                '«Se ha alcanzado el límite de dispositivos»: su cuenta tiene tantos dispositivos como puede.',
              ],
            },
          ],
        },
      ],
    },
    'batch-operations': {
      title: 'Operaciones sobre varios dispositivos',
      summary:
        'Reiniciar, configurar WiFi, reinicio programado, LED, mover, desvincular y eliminar una selección, y seguir el progreso.',
      sections: [
        {
          heading: 'Las reglas',
          blocks: [
            {
              list: [
                'Debe seleccionar al menos un dispositivo y tener la función en todos ellos.',
                'Reiniciar: todos los dispositivos deben estar conectados.',
                'Configurar WiFi, reinicio programado y LED: puede configurarse un único dispositivo desconectado (el cambio espera a que se reconecte); varios deben estar todos conectados. Configurar WiFi además exige dispositivos de un mismo modelo, porque las radios y los canales son del modelo.',
                'Mover y desvincular: cualquier estado. Eliminar: solo dispositivos desconectados.',
              ],
            },
          ],
        },
        {
          heading: 'Configurar WiFi',
          blocks: [
            'Elija las radios que cambia (2,4 GHz, 5 GHz) y después radio encendida o apagada, SSID, ocultar el SSID, cifrado, contraseña, potencia de transmisión (100 %, 75 %, 50 %, 25 % o 12 %) y canal (automático salvo que elija uno). Deje la contraseña vacía para conservar la actual de cada dispositivo. Los demás ajustes de radio se toman del primer dispositivo seleccionado.',
            'SSID: no vacío, como máximo 32 bytes (un carácter chino cuenta 3), sin \\ ni ". Contraseña WiFi: 8-63 caracteres ASCII o una clave hexadecimal de 64 dígitos; una clave WEP tiene 5 o 13 caracteres.',
          ],
        },
        {
          heading: 'Reinicio programado, LED, mover, desvincular, eliminar',
          blocks: [
            'El reinicio programado reinicia los dispositivos los días y a la hora elegidos. LED enciende o apaga los LED. Mover pone los dispositivos en otro proyecto. Desvincular los libera de su cuenta con su historial; pueden vincularse de nuevo. Eliminar los quita de la nube: deben registrarse de nuevo antes de poder vincularse.',
          ],
        },
        {
          heading: 'Progreso',
          blocks: [
            'Reiniciar, WiFi, reinicio programado y LED abren una ventana de progreso: cada dispositivo está «Esperando al dispositivo», «Aplicando», «Terminado» o «Error» con su motivo. Puede cerrarla: los dispositivos siguen aplicando el cambio y el registro de operaciones guarda el resultado.',
          ],
        },
      ],
    },
    'device-detail': {
      title: 'Detalles del dispositivo y sus pestañas',
      summary:
        'El estado y los ajustes de un dispositivo: sistema, tráfico, red, WiFi, portal, repetidor, alarmas, registro, clientes y copias.',
      sections: [
        {
          heading: 'Cómo llegan los ajustes al dispositivo',
          blocks: [
            'Un cambio guardado se envía al dispositivo enseguida, o se guarda y se aplica cuando un dispositivo desconectado se reconecta. Cada parte muestra su estado: «Esperando al dispositivo», «Aplicando…», «Sincronizado» (el dispositivo aplicó el último cambio) o «El dispositivo rechazó el cambio» con su motivo y los botones Reintentar y Revertir. Órdenes como reiniciar o leer el registro necesitan el dispositivo conectado.',
            'Un aviso indica cuándo la configuración en ejecución se cambió en el propio dispositivo: «Aceptar como deseada» la conserva, «Restablecer» envía de nuevo los ajustes de Canopy. Una tarjeta muestra la plantilla de configuración que sigue el dispositivo, si la hay.',
          ],
        },
        {
          heading: 'Sistema y tráfico',
          blocks: [
            'Sistema muestra el modo (pasarela, repetidor, ISP inalámbrico, punto de acceso, WDS, bypass) y un gráfico del uso de CPU y memoria en 1 hora, 24 horas o 7 días. Configura el reinicio programado (días y hora), el apagado programado del WiFi (apagar y volver a encender a horas fijas), el LED, «Hacer parpadear el LED» (10 segundos, para encontrar el dispositivo) y «Reiniciar ahora».',
            'Tráfico muestra el caudal de la WAN y de las radios y los clientes del dispositivo en la última hora, 24 horas o 7 días.',
          ],
        },
        {
          heading: 'Red',
          blocks: [
            'La conexión WAN (IP estática, PPPoE, DHCP o red móvil) con su dirección, máscara, puerta de enlace y DNS, y la LAN con su servidor DHCP y su rango de direcciones. Reglas: una IP son cuatro números 0-255 cuyo primero y último no son 0, ni de bucle local, multicast o reservada, y sin conflicto con la LAN; DNS con primer número 1-223 (no 127); máscara con unos contiguos; el inicio del rango no después de su fin; MTU dentro del rango indicado para el tipo de conexión; VLAN 0 (desactivada) o 3-4094; tiempo de espera PPPoE 1-30.',
          ],
        },
        {
          heading: 'WiFi y repetidor',
          blocks: [
            'Cada radio y sus AP virtuales: encendido o apagado, SSID (como máximo 32 bytes, sin \\ ni "), ocultar SSID, canal, ancho de banda, cifrado y contraseña (8-63 caracteres o una clave hexadecimal de 64 dígitos; WEP 5 o 13), potencia de transmisión, intervalo de baliza 50-1000 ms, umbral de fragmentación 256-2346, umbral RTS 50-2347, intervalo de guarda corto, usuarios máximos dentro del límite del modelo, aislamiento de usuarios y VLAN. Un campo de contraseña que no toca conserva la contraseña actual.',
            'Repetidor (en dispositivos que pueden repetir) configura el SSID y la contraseña de la red de enlace.',
          ],
        },
        {
          heading: 'Portal',
          blocks: [
            'Para cada SSID que informa el dispositivo (2,4 GHz, 5 GHz, AP virtuales): active el portal, elija la página del portal, la política y los métodos de autenticación (acceso con un clic, cuenta de socio, código por SMS), y qué pasa cuando la nube no está disponible: dejar entrar a los nuevos invitados o no dejarlos entrar. Añada antes una página del portal y una estrategia en Gestión de autenticación.',
            '«Itinerancia de grupo en este proyecto»: un invitado autenticado en un dispositivo del proyecto no tiene que volver a autenticarse en otro; mientras está activa, los portales del proyecto no pueden cambiar.',
          ],
        },
        {
          heading: 'Alarmas, registro del dispositivo, clientes, copias',
          blocks: [
            'Configuración de alarmas: las reglas y los destinatarios del dispositivo (vea «Alarmas»). Registro del dispositivo: lea el registro del dispositivo, fíltrelo por texto y origen, sígalo mientras crece y descárguelo; «El registro está desactivado en el dispositivo» significa que primero debe activarlo. Clientes: los clientes conectados con MAC, nombre de host, IP, SSID, señal, tráfico y tiempo conectado. Copias: las versiones de configuración del dispositivo (vea «Copias de configuración»).',
          ],
        },
      ],
    },
    alarms: {
      title: 'Alarmas',
      summary:
        'Reglas de alarma por dispositivo o proyecto, a quién y cómo se avisa, silencio durante el mantenimiento y la lista de alarmas.',
      sections: [
        {
          heading: 'Reglas de alarma',
          blocks: [
            'Se configuran en la pestaña de alarmas de un dispositivo, o para todo un proyecto con «Ajustes de alarma» en la página de proyectos: los dispositivos de un proyecto heredan su configuración, y guardar en un dispositivo le da la suya propia («Usar los ajustes del proyecto» vuelve atrás). Cada alarma tiene un interruptor y, si procede, un umbral:',
            {
              list: [
                'Dispositivo desconectado; WAN caída; desviación de la configuración (la configuración en ejecución ya no coincide con la que fijó Canopy, vea «Copias de configuración»).',
                'CPU por encima y memoria por encima: un porcentaje 0-100 con hasta 3 decimales.',
                'Clientes por encima: un número de clientes. Señal 4G por debajo: en dBm.',
                'Cambio de IP WAN y actualización fallida: son eventos, saltan al momento.',
              ],
            },
            '«Debe durar» es 1, 3 o 5 minutos: la condición debe durar ese tiempo antes de que salte la alarma, así un dispositivo inestable no inunda a nadie. Una alarma salta una vez, y cuando la condición desaparece llega un aviso de recuperación.',
          ],
        },
        {
          heading: 'Notificación',
          blocks: [
            'Elija «Enviar por correo» y/o «Enviar por WeChat» y las cuentas que lo reciben (la suya y las secundarias de su ámbito). Cada alarma y recuperación llega también a Mensajes del sistema. El correo sale por el servicio de correo configurado en la página de Mensajes del sistema; WeChat llega a las cuentas que han vinculado WeChat.',
          ],
        },
        {
          heading: 'Mantenimiento (silenciar)',
          blocks: [
            'Silencie las alarmas de un dispositivo o proyecto durante 1 hora, 4 horas, 1 día o 7 días mientras trabaja en él; «Terminar el silencio» lo acaba antes.',
          ],
        },
        {
          heading: 'La lista de alarmas',
          blocks: [
            'Gestión de dispositivos → Alarmas muestra las alarmas de sus dispositivos: Activas e Historial, filtradas por tipo de alarma. Cada fila muestra el dispositivo (un enlace a él), la alarma, la lectura frente a su umbral, cuándo saltó y cuándo se recuperó, y si se ha reconocido. «Reconocer» deja constancia de que alguien se ocupa.',
          ],
        },
      ],
    },
    remote: {
      title: 'Gestión remota y diagnóstico',
      summary:
        'Abra la página de gestión propia de un dispositivo o ejecute ping y traceroute en él desde la nube.',
      sections: [
        {
          heading: 'Abrir un enlace remoto',
          blocks: [
            'En la lista de dispositivos, Remoto → Página de gestión o Diagnóstico abre una pestaña nueva para un dispositivo conectado; necesita la función «Modificar la configuración». El enlace es la credencial y es válido hasta la hora que muestra, así que esa pestaña no pide iniciar sesión. Si el navegador bloqueó la pestaña, permita las ventanas emergentes de este sitio y vuelva a intentarlo.',
          ],
        },
        {
          heading: 'Página de gestión y diagnóstico',
          blocks: [
            'La página de gestión muestra la interfaz web del propio dispositivo dentro de la consola; Recargar la carga de nuevo. Diagnóstico ejecuta una herramienta en el dispositivo: Ping o Traceroute a un nombre de host o una IP, o Interfaces; una ejecución puede tardar hasta 30 segundos y su salida se muestra debajo. Ambas quedan en el registro de operaciones.',
          ],
        },
        {
          heading: 'Mensajes',
          blocks: [
            {
              list: [
                '«Este enlace de gestión remota ha caducado»: abra uno nuevo desde la lista de dispositivos.',
                '«Este enlace de gestión remota no es válido»: la dirección se cambió o se cortó.',
                '«El dispositivo está desconectado: ahora no se puede acceder a él.»',
              ],
            },
          ],
        },
      ],
    },
    projects: {
      title: 'Gestión de proyectos',
      summary:
        'Organice los dispositivos en un árbol de proyectos, y las reglas para añadir, mover y eliminar proyectos.',
      sections: [
        {
          heading: 'El árbol de proyectos',
          blocks: [
            'Los proyectos agrupan dispositivos, por ejemplo por sede, edificio o planta. Cada cuenta tiene el proyecto predeterminado, Mi proyecto, que no puede cambiarse ni eliminarse; por debajo, el árbol tiene como máximo 5 niveles. Busque en el árbol o elija un proyecto para verlo con sus subproyectos. Elegir un proyecto en la lista de dispositivos o en el inicio también incluye sus subproyectos.',
          ],
        },
        {
          heading: 'Añadir y editar',
          blocks: [
            {
              list: [
                'Nombre del proyecto: 1-10 letras, dígitos, caracteres chinos, guiones bajos o @.',
                'Proyecto superior: elegir otro mueve el proyecto con sus subproyectos; un proyecto no puede moverse bajo sí mismo ni bajo uno de sus subproyectos.',
                'Dirección: como máximo 100 caracteres. Responsable: como máximo 20. Observación: como máximo 50.',
              ],
            },
            '«Ajustes de alarma» en un proyecto fija las reglas de alarma que heredan sus dispositivos.',
          ],
        },
        {
          heading: 'Eliminar, y mensajes',
          blocks: [
            {
              list: [
                '«El proyecto tiene dispositivos vinculados»: mueva o desvincule antes sus dispositivos.',
                '«El proyecto tiene subproyectos»: elimínelos o muévalos antes.',
                '«El proyecto está vinculado a otras cuentas»: un rol aún lo concede; cambie el rol antes.',
                '«La lista de proyectos no puede superar los 5 niveles».',
              ],
            },
            'Un rol de invitado puede ver los proyectos pero no cambiarlos.',
          ],
        },
      ],
    },
    upgrade: {
      title: 'Gestión de actualizaciones: firmware y órdenes',
      summary:
        'Suba paquetes de firmware y actualice dispositivos ahora o más tarde, por oleadas, con progreso y reintentos.',
      sections: [
        {
          heading: 'Quién puede usarla',
          blocks: [
            'La gestión de actualizaciones es para la cuenta principal y para las cuentas secundarias de nivel administrador cuyos roles conceden Mantenimiento del sistema; las cuentas de nivel 1 (operador) no la ven.',
          ],
        },
        {
          heading: 'Paquetes de firmware',
          blocks: [
            'Subir paquete: elija el archivo; el modelo y la versión se leen de él cuando los indica, si no, escríbalos (modelo de como máximo 64 caracteres; versión de 1-64 letras, dígitos o . _ + -, empezando por letra o dígito). La lista muestra de cada paquete el archivo, el tamaño, el SHA-256, la hora de subida y el origen: subido por esta cuenta, o publicado por el operador para todas las cuentas.',
            'Un paquete usado por una orden de actualización, o publicado por el operador, no puede eliminarse. Mensajes: «Tipo de archivo no compatible», «El archivo ya existe», «El modelo y la versión deben ser los del archivo», «El archivo supera el límite de carga».',
          ],
        },
        {
          heading: 'Crear una orden de actualización',
          blocks: [
            'Nueva orden de actualización: elija dispositivos uno a uno (todos de un modelo) o un proyecto entero y el modelo que actualizar en él, después la versión de firmware, e Inmediata o Programada (posterior a ahora y como máximo 8 horas después). Los dispositivos desconectados y los que no tienen función de actualización se rechazan, salvo que la orden espere a los desconectados.',
            'Opciones avanzadas: una oleada canaria (los primeros dispositivos o el primer porcentaje; si falla, no se envía el resto), dispositivos por minuto, máximo actualizando a la vez, detener cuando la tasa de fallos supere un porcentaje tras al menos un número de dispositivos terminados, esperar a los desconectados y el fin de la ventana de mantenimiento.',
          ],
        },
        {
          heading: 'Seguir una orden',
          blocks: [
            'La lista de órdenes muestra de cada una el modelo, la versión, los dispositivos, la hora, el estado (programada, en curso, terminada, cancelada, abortada) y los recuentos. Detalles muestra cada dispositivo con sus resultados de orden, descarga y actualización, el motivo y los reintentos, y se actualiza mientras la orden está en curso; «Reintentar los fallidos» vuelve a enviar los que fallaron. Cancelar una orden deja en su firmware a los dispositivos que no han empezado. Las órdenes en preparación o actualizando no pueden eliminarse.',
            'Mensajes: «El modelo del dispositivo no coincide con el modelo del firmware», «Se superó el número máximo de dispositivos admitidos», «El dispositivo seleccionado no tiene función de actualización», «La hora debe ser posterior a la hora actual», «La actualización programada debe estar dentro de 8 horas», «Se alcanzó el número máximo de reintentos».',
          ],
        },
      ],
    },
    logs: {
      title: 'Gestión de registros',
      summary: 'El registro de operaciones y el de actualizaciones: filtros, resultados y exportación CSV.',
      sections: [
        {
          heading: 'Registro de operaciones',
          blocks: [
            'Cada operación sobre dispositivos: reinicios (uno o en lote), reinicios programados, LED, ajustes de sistema, red, WiFi y repetidor, actualizaciones de firmware, gestión web remota y diagnóstico remoto. Cada registro muestra la hora, la cuenta (o Sistema), la operación, los dispositivos, el detalle y el resultado: en curso, correcto, error o error parcial.',
          ],
        },
        {
          heading: 'Registro de actualizaciones',
          blocks: [
            'Cada dispositivo de cada orden de actualización: número de orden, MAC, modelo, la versión de origen y la de destino, resultado, el motivo de un fallo (descarga fallida, suma de comprobación distinta, escritura fallida, modelo distinto, rechazada, volvió con la versión antigua, tiempo agotado, cancelada…), inicio y fin.',
          ],
        },
        {
          heading: 'Filtros y exportación',
          blocks: [
            'Filtre por un rango de fechas o por días recientes (los últimos 1 a 7 días), no ambos; las fechas empiezan en 2008. Filtre el registro de operaciones por acción y resultado, y el de actualizaciones por modelo y resultado. «Exportar CSV» descarga los registros que cumplen los filtros.',
          ],
        },
      ],
    },
    backups: {
      title: 'Copias de configuración',
      summary:
        'Copias programadas por proyecto, las versiones de un dispositivo, restaurar, comparar y los cambios hechos en el dispositivo.',
      sections: [
        {
          heading: 'Copias programadas por proyecto',
          blocks: [
            'Mantenimiento del sistema → Copia de configuración copia todos los dispositivos de un proyecto y sus subproyectos. Elija el proyecto, la frecuencia (desactivada, diaria o semanal), el día de una copia semanal y la hora. Las horas son UTC; se muestra la próxima ejecución. «Copiar el proyecto ahora» inicia una al momento.',
          ],
        },
        {
          heading: 'Las copias de un dispositivo',
          blocks: [
            'La pestaña de copias de un dispositivo lista sus versiones con la hora, el tamaño, el firmware, quién las hizo (una cuenta o la programación), el SHA-256 y la nota. «Copiar ahora» guarda la configuración en ejecución, con una nota opcional de como máximo 50 caracteres; un dispositivo desconectado la sube cuando vuelve. «Conservar las últimas» fija cuántas versiones se guardan: de 1 a 100.',
            'Descargar guarda una versión. Restaurar la envía entera a este dispositivo, o a un dispositivo de sustitución del mismo modelo; el dispositivo de destino debe estar conectado. Marque dos versiones para compararlas, o una para compararla con la configuración deseada; de los secretos solo se dice que cambiaron, nunca se muestran.',
          ],
        },
        {
          heading: 'Cambiado en el dispositivo',
          blocks: [
            'Cuando la configuración en ejecución de un dispositivo ya no coincide con la que fijó Canopy, su página muestra lo que fijó Canopy frente a lo que se ejecuta ahora: «Aceptar como deseada» conserva la versión del dispositivo, «Restablecer» vuelve a aplicar los ajustes de Canopy (sígalo en el registro de operaciones). La lista de dispositivos puede mostrar solo esos dispositivos.',
          ],
        },
      ],
    },
    templates: {
      title: 'Gestión de plantillas',
      summary:
        'Plantillas de configuración de sistema y WiFi, aplicadas a mano o automáticamente a un proyecto.',
      sections: [
        {
          heading: 'Plantillas',
          blocks: [
            'Una plantilla fija algunos ajustes de sistema (LED, reinicio programado, apagado programado del WiFi) y radios WiFi (SSID, SSID oculto, cifrado, contraseña); debe fijar al menos uno. Créela desde cero, a partir de un dispositivo (toma los ajustes que el dispositivo informa ahora; las contraseñas WiFi se quedan en cada dispositivo) o copie otra. La gestión de plantillas es para cuentas de nivel administrador, como la de actualizaciones.',
            'Una plantilla usada por dispositivos o por un proyecto no puede eliminarse: «Dispositivos o un proyecto usan la plantilla: no se puede eliminar».',
          ],
        },
        {
          heading: 'Aplicar',
          blocks: [
            {
              list: [
                'Manual: ahora, a los dispositivos elegidos. Todos deben estar conectados, y ser de un mismo modelo si la plantilla fija WiFi.',
                'Automática: a un proyecto. Cada dispositivo vinculado o movido al proyecto o a sus subproyectos la recibe, y cada edición de la plantilla se les aplica. «Detener la aplicación automática» la termina.',
              ],
            },
            'Cada dispositivo muestra su estado: esperando al dispositivo, aplicando, sincronizado, error, cambiado después, versión anterior o no compatible con este modelo. La lista de dispositivos puede filtrar por plantilla y mostrar una columna Plantilla.',
          ],
        },
      ],
    },
    messages: {
      title: 'Mensajes del sistema y servicio de correo',
      summary:
        'Alarmas, recuperaciones, actualizaciones terminadas y anuncios como mensajes; leer, eliminar, estado del envío; el servicio de correo.',
      sections: [
        {
          heading: 'Mensajes',
          blocks: [
            'Ábralos con la campana de la barra superior; su indicador cuenta los no leídos y se actualiza sin recargar. Un mensaje es una alarma, una recuperación, una orden de actualización terminada, un informe de inspección o un anuncio. Filtre por tipo y por un rango de fechas o días recientes, abra un mensaje para leerlo, marque como leídos los seleccionados o todos, y elimine mensajes (los mensajes eliminados no se pueden recuperar).',
            'La columna Envío indica si la copia por correo o WeChat se envió, se está enviando o falló tras sus intentos, con el error.',
          ],
        },
        {
          heading: 'Servicio de correo (cuenta principal)',
          blocks: [
            'La cuenta principal configura el servicio de correo con el que se envían sus notificaciones: servidor SMTP (un nombre de host o una IP de como máximo 253 caracteres), puerto SMTP (1-65535) y dirección del remitente, todos obligatorios. Sin ajustes propios, se usa el servicio de correo del servidor si tiene uno. «Enviar un correo de prueba» comprueba los ajustes.',
            '«El servicio de notificación por correo no está configurado» significa que no hay servicio de correo: los envíos por correo fallan hasta que se configure uno.',
          ],
        },
      ],
    },
    announcements: {
      title: 'Anuncios',
      summary: 'Noticias del operador, que se leen sin iniciar sesión.',
      sections: [
        {
          heading: 'Leer los anuncios',
          blocks: [
            'La lista de anuncios (/announcement_list) muestra todos los anuncios publicados, del más reciente al más antiguo, con su fecha de publicación; un título lo abre. Ambas páginas se abren sin iniciar sesión, en el idioma que elija. Los usuarios con sesión iniciada reciben además cada anuncio como mensaje del sistema.',
            '«Este anuncio no existe o fue retirado» significa que su enlace ya no es válido.',
          ],
        },
      ],
    },
    'portal-pages': {
      title: 'Páginas del portal',
      summary: 'Diseñe la página que ven los invitados antes de conectarse a su WiFi.',
      sections: [
        {
          heading: 'Una página del portal',
          blocks: [
            'Gestión de autenticación → Página del portal es de la cuenta principal. Añada una página y elija:',
            {
              list: [
                'Tipo de presentación: imagen arriba, imagen de fondo o solo texto.',
                'Título: 1-25 caracteres chinos, letras o dígitos. Aviso: hasta 50 caracteres bajo el título.',
                'Banner e imagen del aviso: JPEG, PNG o WebP, como máximo 2 MB; se recodifican y tienen como máximo 1080 píxeles de ancho.',
                'Dirección de destino: adonde van los invitados una vez conectados, empezando por http:// o https://.',
                'Combinación de colores: azul, verde, naranja, rojo u oscuro.',
              ],
            },
            '«Vista previa en un teléfono» muestra la página como la ve un invitado, en el idioma de invitado que elija.',
          ],
        },
        {
          heading: 'Mensajes',
          blocks: [
            {
              list: [
                '«Título o aviso no válido», «Error en la dirección de destino»: corrija el campo.',
                '«Error de formato de subida o demasiado grande»: use una imagen JPEG, PNG o WebP de como máximo 2 MB.',
                '«El portal no existe»: se eliminó mientras tanto.',
              ],
            },
          ],
        },
      ],
    },
    'portal-strategy': {
      title: 'Estrategias de autenticación',
      summary:
        'Cuánto tiempo siguen conectados los invitados, sus velocidades y cuotas, y a quién se deja pasar o se bloquea siempre.',
      sections: [
        {
          heading: 'Una estrategia',
          blocks: [
            'Gestión de autenticación → Estrategia es de la cuenta principal.',
            {
              list: [
                'Nombre: 1-25 letras, dígitos, caracteres chinos, guiones bajos o guiones, único.',
                'Validez: 1-7 días o permanente: cuánto tiempo sigue autenticado un invitado antes de que el portal vuelva a pedirlo.',
                'Duración de la sesión: 0 (hasta el fin de la validez) o 1-1440 minutos.',
                'Velocidades de subida y bajada: 0 (sin límite) o 1-1000000 kbit/s. Cuotas de subida y bajada: 0 (sin límite) o 1-1048576 MB. Se aplican donde la pasarela lo admite.',
                'Listas blancas de IP y MAC (nunca se les pide iniciar sesión) y listas negras (nunca se les deja pasar): direcciones separadas por comas, como máximo 100 por lista, sin entradas vacías, sin direcciones repetidas y sin ninguna en ambas listas.',
              ],
            },
          ],
        },
        {
          heading: 'Mensajes',
          blocks: [
            {
              list: [
                '«El nombre de la política está vacío», «El nombre de la política ya existe».',
                '«La política está en uso y no se puede eliminar»: un portal la usa.',
                '«La política no existe»: se eliminó mientras tanto.',
              ],
            },
          ],
        },
      ],
    },
    'portal-details': {
      title: 'Detalles de autenticación',
      summary:
        'Quién se autenticó en los portales de sus dispositivos, dónde y cómo, con su tráfico; expórtelos o expulse a un invitado.',
      sections: [
        {
          heading: 'La lista',
          blocks: [
            'Gestión de autenticación → Detalles de autenticación muestra los invitados de los dispositivos que puede ver, los más recientes primero: MAC e IP del cliente, dispositivo, SSID, método, cuenta de socio o teléfono enmascarado, cuándo, hasta cuándo, tráfico recibido y enviado, y si está conectado.',
            'Filtre por parte de una MAC, por método o por estado; Exportar CSV guarda lo que seleccionan los filtros.',
          ],
        },
        {
          heading: 'Expulsar',
          blocks: [
            'Expulsar termina la sesión del invitado: la pasarela lo desconecta en su próxima comprobación (alrededor de un minuto) y el invitado vuelve a ver la página del portal.',
          ],
        },
      ],
    },
    'portal-methods': {
      title: 'Métodos de autenticación',
      summary:
        'Acceso con un clic, cuentas de miembro y códigos SMS: qué pueden usar los invitados, las condiciones, los miembros y las cuotas de SMS.',
      sections: [
        {
          heading: 'Métodos',
          blocks: [
            'Gestión de autenticación → Métodos es para la cuenta principal. Active o desactive cada método y guarde.',
            {
              list: [
                'Acceso con un clic: los invitados aceptan las condiciones de uso y se conectan. Escriba las condiciones en inglés, chino o español (como máximo 2000 caracteres cada una); un invitado cuyo idioma no tiene condiciones lee las primeras escritas.',
                'Cuentas de miembro: los invitados inician sesión con una cuenta y contraseña de la pestaña Miembros.',
                'Código SMS: los invitados inician sesión con un código de seis dígitos enviado a su teléfono, válido durante cinco minutos.',
              ],
            },
          ],
        },
        {
          heading: 'Cuota de SMS',
          blocks: [
            {
              list: [
                'Total y restantes: los códigos que su cuenta puede enviar en total y los que quedan. Enviados hoy cuenta los códigos del día (UTC).',
                'Total diario: 1-1000 códigos al día.',
                'Códigos por número de teléfono: 1-5 cada cinco minutos, o 1-100 al día; nunca más que el total diario.',
                'Códigos por cliente al día: 1-3 por dispositivo invitado.',
                'Un invitado que supera un límite oye que las solicitudes son demasiado frecuentes o que se alcanzó el límite.',
              ],
            },
          ],
        },
        {
          heading: 'Miembros',
          blocks: [
            {
              list: [
                'Cuenta: 3-20 letras, dígitos o guiones bajos, empezando por una letra, única. Contraseña: 6-20 letras y dígitos. Información: como máximo 50 caracteres.',
                'Busque por cuenta; desactive un miembro para conservar la cuenta sin dejarla iniciar sesión.',
                'Importar: un archivo .xls (Excel 97-2003) de 1 MB y 1000 filas como máximo, columnas cuenta, contraseña, información, la primera fila un encabezado. Una fila rechazada rechaza todo el archivo, y el informe indica cada fila rechazada y el motivo; corríjalas e importe de nuevo.',
                'Exportar: un .xls de los miembros con las mismas columnas (las contraseñas nunca se exportan).',
              ],
            },
          ],
        },
      ],
    },
    'accounts-roles': {
      title: 'Gestión de cuentas y roles',
      summary:
        'Cuentas secundarias para sus compañeros, roles que conceden secciones, funciones y proyectos, y sus reglas.',
      sections: [
        {
          heading: 'Cuentas secundarias',
          blocks: [
            'La gestión de cuentas es de la cuenta principal. La pestaña Cuentas lista las cuentas secundarias con su estado, roles, proyectos, WeChat y último inicio de sesión; busque por cuenta o apodo y filtre por estado.',
            {
              list: [
                'Añadir cuenta: cuenta (3-20 letras, dígitos o guiones bajos, empezando por una letra), contraseña (6-20 letras y dígitos, dos veces), apodo, correo, prefijo de país con teléfono, dirección, nivel y al menos un rol.',
                'Nivel: Operador usa las secciones que conceden sus roles salvo la gestión de actualizaciones y de plantillas; Administrador las usa todas.',
                'Activar o desactivar: una cuenta desactivada ya no puede iniciar sesión.',
                'Restablecer contraseña: se genera una contraseña (generar otra, copiarla); el titular de la cuenta sale de su sesión y debe usarla.',
                'Eliminar una cuenta o las seleccionadas: ya no pueden iniciar sesión.',
                'WeChat: vincular o desvincular el WeChat de la cuenta para las notificaciones.',
              ],
            },
          ],
        },
        {
          heading: 'Roles',
          blocks: [
            'La pestaña Roles define lo que pueden hacer las cuentas secundarias:',
            {
              list: [
                'Nombre del rol: 1-10 letras, dígitos, caracteres chinos, guiones bajos o guiones, único («El rol ya existe»).',
                'Permisos de menú: las secciones; Inicio siempre está concedido.',
                'Funciones de dispositivo: ver, vincular, editar ajustes, reiniciar, actualizar, copia y restauración, portal, mover entre proyectos, desvincular, eliminar.',
                'Proyectos (cada uno con sus subproyectos) y dispositivos sueltos que gestiona el rol.',
                'Invitado: solo ve; un invitado no puede operar dispositivos ni cambiar proyectos.',
              ],
            },
            '«No se puede eliminar un rol vinculado a una cuenta» y «Vincule al menos un rol»: cambie primero las cuentas.',
          ],
        },
      ],
    },
    'personal-center': {
      title: 'Centro personal',
      summary: 'Su perfil, su contraseña y su vinculación con WeChat.',
      sections: [
        {
          heading: 'Perfil',
          blocks: [
            'Se muestran su nombre de cuenta y su fecha de registro; puede cambiar:',
            {
              list: [
                'Apodo: 1-20 letras, dígitos, guiones bajos o caracteres chinos.',
                'Correo: una dirección válida que no use otra cuenta («Este correo ya existe»).',
                'Prefijo de país y teléfono: 6-25 dígitos, juntos, que no use otra cuenta («El número de móvil ya está vinculado»).',
                'Dirección: como máximo 100 caracteres.',
              ],
            },
          ],
        },
        {
          heading: 'Cambiar la contraseña',
          blocks: [
            'Escriba la contraseña actual y la nueva dos veces: 6-20 letras y dígitos, distinta de la actual. Después se cierran sus sesiones en todos los demás sitios. «La contraseña actual no es correcta» significa que el primer campo no es correcto.',
          ],
        },
        {
          heading: 'WeChat',
          blocks: ['Vincule WeChat para recibir allí las notificaciones; vea «Vinculación con WeChat».'],
        },
      ],
    },
    wechat: {
      title: 'Vinculación con WeChat',
      summary: 'Vincule una cuenta de WeChat para recibir en WeChat los avisos de alarmas y mensajes.',
      sections: [
        {
          heading: 'Vincular y desvincular',
          blocks: [
            'En el centro personal elija «Vincular WeChat»: escanee el código QR con WeChat y siga la cuenta oficial. El código caduca tras el tiempo indicado; abra uno nuevo si ha caducado. Una vez vinculado, las alarmas con «Enviar por WeChat» le llegan allí. «Desvincular WeChat» lo detiene. La cuenta principal también puede vincular y desvincular el WeChat de sus cuentas secundarias en Gestión de cuentas.',
          ],
        },
        {
          heading: 'Mensajes',
          blocks: [
            {
              list: [
                '«La vinculación con WeChat no está configurada en este servidor»: su proveedor no ha configurado WeChat.',
                '«No se pudo contactar con WeChat; inténtelo de nuevo más tarde».',
                '«Esta cuenta de WeChat ya está vinculada a otra cuenta»: desvincúlela allí primero.',
              ],
            },
          ],
        },
      ],
    },
  },
}
