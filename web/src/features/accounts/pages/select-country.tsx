import { useMemo, useState } from 'react'
import { ErrorBlock, List, SearchBar } from 'antd-mobile'
import { CheckOutline } from 'antd-mobile-icons'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useCountries } from '../api/get-countries'
import { chooseCountry, chosenCountry } from '../lib'
import '../accounts.css'

/** 选择国家或地区 for the opening form (the list of /utils/country). */
export default function SelectCountryPage() {
  const navigate = useNavigate()
  const query = useCountries()
  const [keyword, setKeyword] = useState('')
  const current = useMemo(() => chosenCountry(), [])
  return (
    <div>
      <SearchBar
        placeholder="搜索国家或地区"
        value={keyword}
        onChange={setKeyword}
        style={{ padding: 8, background: '#fff' }}
      />
      <QueryView query={query} isEmpty={(list) => list.length === 0}>
        {(list) => {
          const shown = list.filter(
            (c) => c.name.includes(keyword.trim()) || c.code.includes(keyword.trim().toUpperCase()),
          )
          if (!shown.length)
            return <ErrorBlock status="empty" title="没有匹配的国家或地区" description="" />
          return (
            <List>
              {shown.map((c) => (
                <List.Item
                  key={c.code}
                  extra={
                    c.code === current.code ? (
                      <CheckOutline color="var(--adm-color-primary)" />
                    ) : null
                  }
                  onClick={() => {
                    chooseCountry(c)
                    navigate(-1)
                  }}
                >
                  {c.name}
                </List.Item>
              ))}
            </List>
          )
        }}
      </QueryView>
    </div>
  )
}
