import { Button, List, Skeleton } from 'antd-mobile'
import {
  BankcardOutline,
  CalendarOutline,
  FileOutline,
  HistogramOutline,
  LockOutline,
  SetOutline,
  UnorderedListOutline,
  DownlandOutline,
} from 'antd-mobile-icons'
import { useNavigate } from 'react-router'
import { Deferred } from '@/components/deferred'
import { QueryView } from '@/components/query-view'
import { ShowTogether } from '@/components/show-together'
import { saveRedirect } from '@/lib/redirect'
import { getSession } from '@/lib/session'
import { useSetting, useUpdateSetting } from '@/features/accounts'
import { HoldingsSection, useAccountAsset } from '@/features/assets'
import { useCustomer } from '@/features/auth'
import { AccountList } from '@/features/financial-accounts'
import { MineNoticeItem } from '@/features/notices'
import { TRANSFER_HOME_PATH } from '@/features/transfers'
import { AssetTotal } from '../components/asset-total'
import { MineHeader } from '../components/mine-header'
import '../mine.css'

/** 我的 (tab): the user, total assets, 理财账户, 账户持仓 (the trading feature's section) and
 * the menu. A user without an account is offered to open one; a visitor to sign in. */
export default function MinePage() {
  // drawn a task after the header and tab bar, which come with the screen's first render
  // (docs/architecture.md#first-load)
  return <Deferred>{getSession()?.visitor ? <VisitorMine /> : <SignedInMine />}</Deferred>
}

/** A visitor has no assets to read: a sign-in card, then the menu (each item asks to sign in). */
function VisitorMine() {
  const navigate = useNavigate()
  const signIn = () => {
    saveRedirect({ path: '/mine', query: '' })
    navigate('/login')
  }
  return (
    <div className="mine">
      <div className="mine-head" role="button" onClick={signIn}>
        <div className="mine-head__avatar" aria-hidden>
          游
        </div>
        <div>
          <div className="mine-head__name">登录/注册</div>
          <div className="mine-head__meta">
            <span>登录后查看资产与收益</span>
          </div>
        </div>
      </div>
      <div className="mine-open">
        <div>
          <strong>登录后开始理财</strong>
          <p>手机号验证码登录，新用户自动注册</p>
        </div>
        <Button color="primary" size="small" onClick={signIn}>
          去登录
        </Button>
      </div>
      <MineMenu />
    </div>
  )
}

/** The calls of the sections under the header: total assets, 理财账户, 账户持仓, the setting
 * that hides amounts. */
const SECTION_CALLS = new Set(['assets', 'financial-accounts', 'setting'])
const isSectionCall = (key: readonly unknown[]) => SECTION_CALLS.has(key[0] as string)

function SectionsSkeleton() {
  return (
    <div className="mine-skeleton" role="status" aria-label="正在加载">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={3} animated />
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={6} animated />
    </div>
  )
}

function SignedInMine() {
  const navigate = useNavigate()
  const customer = useCustomer()
  const setting = useSetting()
  const updateSetting = useUpdateSetting()
  const asset = useAccountAsset()
  const hideAmounts = setting.data?.hideAmounts ?? false

  return (
    <QueryView query={customer}>
      {(me) => (
        <div className="mine">
          <MineHeader me={me} />
          {me.accountId ? (
            <ShowTogether calls={isSectionCall} skeleton={<SectionsSkeleton />}>
              <QueryView query={asset} rows={2}>
                {(total) => (
                  <AssetTotal
                    asset={total}
                    hidden={hideAmounts}
                    onToggle={() => updateSetting.mutate({ hideAmounts: !hideAmounts })}
                  />
                )}
              </QueryView>
              <AccountList hideAmounts={hideAmounts} />
              <HoldingsSection hideAmounts={hideAmounts} />
              {/* the last section, static: drawn in a task of its own (docs/architecture.md#first-load) */}
              <Deferred>
                <MineMenu signedIn />
              </Deferred>
            </ShowTogether>
          ) : (
            <>
              <div className="mine-open">
                <div>
                  <strong>开通基金账户</strong>
                  <p>开户后即可买卖基金、查看资产与收益</p>
                </div>
                <Button color="primary" size="small" onClick={() => navigate('/identityBinding')}>
                  去开户
                </Button>
              </div>
              <MineMenu signedIn />
            </>
          )}
        </div>
      )}
    </QueryView>
  )
}

function MineMenu({ signedIn = false }: { signedIn?: boolean }) {
  const navigate = useNavigate()
  return (
    <List className="mine-menu">
      {signedIn && <MineNoticeItem />}
      <List.Item prefix={<BankcardOutline />} onClick={() => navigate('/bankCard')}>
        银行卡
      </List.Item>
      <List.Item prefix={<LockOutline />} onClick={() => navigate('/accountSecurity')}>
        账户安全
      </List.Item>
      <List.Item prefix={<HistogramOutline />} onClick={() => navigate('/surveyResult')}>
        风险测评
      </List.Item>
      <List.Item prefix={<UnorderedListOutline />} onClick={() => navigate('/transactionRecord')}>
        交易记录
      </List.Item>
      <List.Item
        prefix={<CalendarOutline />}
        onClick={() => navigate('/strategy/autoInvestPlanList')}
      >
        定投计划
      </List.Item>
      <List.Item prefix={<DownlandOutline />} onClick={() => navigate(TRANSFER_HOME_PATH)}>
        资产转入
      </List.Item>
      <List.Item prefix={<FileOutline />} onClick={() => navigate('/moreServices')}>
        更多服务
      </List.Item>
      <List.Item prefix={<SetOutline />} onClick={() => navigate('/setting')}>
        设置
      </List.Item>
    </List>
  )
}
