import type { TrafficCatalogue } from './en-us'

export const trafficEs: TrafficCatalogue = {
  traffic: {
    homeTitle: 'Tráfico y clientes',
    tab: 'Tráfico',
    range: 'Periodo',
    ranges: {
      hour: 'Última hora',
      day: 'Últimas 24 horas',
      week: 'Últimos 7 días',
    },
    project: 'Proyecto del gráfico de tráfico',
    allProjects: 'Todos los proyectos',
    download: 'Descarga',
    upload: 'Subida',
    wanDownload: 'Descarga WAN',
    wanUpload: 'Subida WAN',
    radio2gDown: '2,4 GHz hacia los clientes',
    radio2gUp: '2,4 GHz desde los clientes',
    radio5gDown: '5 GHz hacia los clientes',
    radio5gUp: '5 GHz desde los clientes',
    clients: 'Clientes',
    throughput: 'Rendimiento',
    noSamples: 'Aún no se ha informado tráfico en este periodo.',
    loadFailed: 'No se pudo cargar el tráfico.',
    retry: 'Reintentar',
    homeChartLabel: 'Gráfico: rendimiento de descarga y subida y clientes conectados a lo largo del tiempo',
    deviceChartLabel:
      'Gráfico: rendimiento WAN y de radio y clientes de este dispositivo a lo largo del tiempo',
    units: {
      bps: '{{value}} bit/s',
      kbps: '{{value}} kbit/s',
      mbps: '{{value}} Mbit/s',
      gbps: '{{value}} Gbit/s',
    },
  },
}
