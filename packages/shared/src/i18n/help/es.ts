import type { HelpCenterCatalogue } from './en-us'

export const helpCenterEs: HelpCenterCatalogue = {
  helpCenter: {
    intro: 'Guías de cada pantalla de la consola: qué muestra, sus reglas y qué significan sus mensajes.',
    search: 'Buscar en el centro de ayuda',
    searchPlaceholder: 'Buscar, p. ej. alarma, firmware, WiFi',
    resultsLabel: 'Resultados de la búsqueda',
    results: 'Artículos encontrados: {{count}}',
    noResults: 'Ningún artículo coincide con «{{query}}». Pruebe con otra palabra.',
    highlighted: 'Palabras marcadas: {{query}}',
    clearHighlight: 'Quitar',
    openPage: 'Abrir {{page}}',
    notFound: 'Este artículo no existe.',
    backToIndex: 'Todos los artículos de ayuda',
    loadFailed: 'No se pudieron cargar los artículos de ayuda.',
    pageHelp: 'Ayuda de esta página',
  },
}
