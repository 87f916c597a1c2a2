import type { ConnectionType, Encryption } from '@canopy/shared/validation'
import type { TFunction } from 'i18next'

/** The labels of the settings' choices, keyed by the shared lists so none is left out. */

export function bandLabel(t: TFunction, band: '2g' | '5g'): string {
  return band === '2g' ? t('devices.info.bands.2g') : t('devices.info.bands.5g')
}

export function encryptionLabels(t: TFunction): Record<Encryption, string> {
  return {
    none: t('deviceSettings.wifi.encryptions.none'),
    wep: t('deviceSettings.wifi.encryptions.wep'),
    'wpa2-psk': t('deviceSettings.wifi.encryptions.wpa2Psk'),
    'wpa-wpa2-psk': t('deviceSettings.wifi.encryptions.wpaWpa2Psk'),
    'wpa3-sae': t('deviceSettings.wifi.encryptions.wpa3Sae'),
    'wpa2-wpa3': t('deviceSettings.wifi.encryptions.wpa2Wpa3'),
  }
}

export function connectionLabels(t: TFunction): Record<ConnectionType, string> {
  return {
    static: t('devices.info.connections.static'),
    pppoe: t('devices.info.connections.pppoe'),
    dhcp: t('devices.info.connections.dhcp'),
    mobile: t('devices.info.connections.mobile'),
  }
}
