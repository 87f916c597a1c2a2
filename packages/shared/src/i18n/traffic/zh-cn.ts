import type { TrafficCatalogue } from './en-us'

export const trafficZhCN: TrafficCatalogue = {
  traffic: {
    homeTitle: '流量与终端',
    tab: '流量',
    range: '时间范围',
    ranges: {
      hour: '最近 1 小时',
      day: '最近 24 小时',
      week: '最近 7 天',
    },
    project: '流量图的项目',
    allProjects: '全部项目',
    download: '下行',
    upload: '上行',
    wanDownload: 'WAN 下行',
    wanUpload: 'WAN 上行',
    radio2gDown: '2.4 GHz 发往终端',
    radio2gUp: '2.4 GHz 来自终端',
    radio5gDown: '5 GHz 发往终端',
    radio5gUp: '5 GHz 来自终端',
    clients: '终端数',
    throughput: '吞吐量',
    noSamples: '此时间段内尚无流量上报。',
    loadFailed: '流量加载失败。',
    retry: '重试',
    homeChartLabel: '图表：随时间变化的下行、上行吞吐量与在线终端数',
    deviceChartLabel: '图表：本设备随时间变化的 WAN 与射频吞吐量及终端数',
    units: {
      bps: '{{value}} bit/s',
      kbps: '{{value}} kbit/s',
      mbps: '{{value}} Mbit/s',
      gbps: '{{value}} Gbit/s',
    },
  },
}
