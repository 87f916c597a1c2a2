import { LineChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import { type EChartsCoreOption, type EChartsType, init, use } from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import { useEffect, useRef } from 'react'

// Only what the console draws: ECharts' modular build keeps the rest out of the bundle.
// This module is ~150 KB gzip: import it only from a lazily loaded chunk (the home chart).
use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer])

export interface EChartProps {
  option: EChartsCoreOption
  height: number
  /** what the chart shows, for screen readers (the canvas says nothing) */
  label: string
}

/** An ECharts instance in a div: created once, given each new option, resized with its box. */
export function EChart({ option, height, label }: EChartProps) {
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<EChartsType | undefined>(undefined)

  useEffect(() => {
    const element = box.current
    if (!element) return
    const instance = init(element)
    chart.current = instance
    const observer = new ResizeObserver(() => instance.resize())
    observer.observe(element)
    return () => {
      observer.disconnect()
      instance.dispose()
      chart.current = undefined
    }
  }, [])

  useEffect(() => {
    // notMerge: a series that went away (a project with no samples) must not linger.
    // Lines that sweep in are motion: none for users who asked their system for less.
    chart.current?.setOption(prefersReducedMotion() ? { ...option, animation: false } : option, {
      notMerge: true,
    })
  }, [option])

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  )
}
