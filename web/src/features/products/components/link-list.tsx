import { List } from 'antd-mobile'
import { useNavigate } from 'react-router'

/** Rows that open the product's other pages. */
export function LinkList({ items }: { items: { title: string; to: string; extra?: string }[] }) {
  const navigate = useNavigate()
  return (
    // flush with the section's other rows: no indent of its own
    <List
      style={
        {
          '--border-top': 'none',
          '--border-bottom': 'none',
          '--padding-left': '0',
          '--padding-right': '0',
        } as React.CSSProperties
      }
    >
      {items.map((item) => (
        <List.Item key={item.title} extra={item.extra} onClick={() => navigate(item.to)} arrowIcon>
          {item.title}
        </List.Item>
      ))}
    </List>
  )
}
