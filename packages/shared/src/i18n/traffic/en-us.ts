/**
 * English messages of the traffic charts (the home page's card and the device detail's traffic
 * tab). They travel with those charts' chunks; zh-cn and es are typed against this catalogue.
 */
export const trafficEnUS = {
  traffic: {
    homeTitle: 'Traffic and clients',
    tab: 'Traffic',
    range: 'Time range',
    ranges: {
      hour: 'Last hour',
      day: 'Last 24 hours',
      week: 'Last 7 days',
    },
    project: 'Project for the traffic chart',
    allProjects: 'All projects',
    download: 'Download',
    upload: 'Upload',
    wanDownload: 'WAN download',
    wanUpload: 'WAN upload',
    radio2gDown: '2.4 GHz to clients',
    radio2gUp: '2.4 GHz from clients',
    radio5gDown: '5 GHz to clients',
    radio5gUp: '5 GHz from clients',
    clients: 'Clients',
    throughput: 'Throughput',
    noSamples: 'No traffic has been reported in this period yet.',
    loadFailed: 'The traffic could not be loaded.',
    retry: 'Retry',
    homeChartLabel: 'Chart: download and upload throughput and online clients over time',
    deviceChartLabel: 'Chart: WAN and radio throughput and clients of this device over time',
    units: {
      bps: '{{value}} bit/s',
      kbps: '{{value}} kbit/s',
      mbps: '{{value}} Mbit/s',
      gbps: '{{value}} Gbit/s',
    },
  },
}

export type TrafficCatalogue = typeof trafficEnUS
