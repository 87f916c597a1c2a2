import type { HelpCenterCatalogue } from './en-us'

export const helpCenterZhCN: HelpCenterCatalogue = {
  helpCenter: {
    intro: '控制台每个页面的使用指南：页面显示什么、有哪些规则、各条提示的含义。',
    search: '搜索帮助中心',
    searchPlaceholder: '搜索，例如：告警、固件、WiFi',
    resultsLabel: '搜索结果',
    results: '找到文章：{{count}} 篇',
    noResults: '没有与“{{query}}”匹配的文章，请换个词试试。',
    highlighted: '已标记的词：{{query}}',
    clearHighlight: '清除',
    openPage: '打开{{page}}',
    notFound: '该文章不存在。',
    backToIndex: '全部帮助文章',
    loadFailed: '帮助文章加载失败。',
    pageHelp: '本页帮助',
  },
}
