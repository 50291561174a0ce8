import { useLingui } from '@lingui/react/macro'
import { Bar, BarChart, CartesianGrid, LabelList, XAxis, YAxis } from 'recharts'

/** The bars' colour: the palette's cobalt, 6.4:1 against the page (far above the 3:1 a graphic needs). */
const BAR = '#2452b8'
const AXIS = '#3d4654'

/**
 * A bar chart of labelled counts (Recharts), for people who would rather look than read. It is one
 * image to assistive technology, named by `label`; the table beside it carries the same figures
 * for screen readers and keyboards.
 */
export function CountsChart({
  label,
  bars,
  layout = 'horizontal',
  width = 560,
}: {
  label: string
  bars: Array<{ name: string; value: number }>
  /** 'vertical' lays the bars across, one per row, each name on the left (a funnel's steps). */
  layout?: 'horizontal' | 'vertical'
  width?: number
}) {
  const { i18n } = useLingui()
  const across = layout === 'vertical'
  const height = across ? 36 * bars.length + 40 : 240
  return (
    <div role="img" aria-label={label} className="max-w-full overflow-x-auto">
      <BarChart
        width={width}
        height={height}
        data={bars}
        layout={layout}
        margin={{ top: 8, right: 40, bottom: 8, left: across ? 16 : 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke="#d5dbe3" horizontal={!across} vertical={across} />
        {across ? (
          <>
            <XAxis type="number" allowDecimals={false} stroke={AXIS} tickFormatter={(n: number) => i18n.number(n)} />
            {/* Every step named, none skipped to save room. */}
            <YAxis type="category" dataKey="name" width={170} interval={0} stroke={AXIS} />
          </>
        ) : (
          <>
            <XAxis dataKey="name" stroke={AXIS} />
            <YAxis allowDecimals={false} stroke={AXIS} tickFormatter={(n: number) => i18n.number(n)} />
          </>
        )}
        <Bar dataKey="value" fill={BAR} isAnimationActive={false}>
          <LabelList dataKey="value" position={across ? 'right' : 'top'} fill={AXIS} formatter={(n: unknown) => i18n.number(Number(n))} />
        </Bar>
      </BarChart>
    </div>
  )
}
