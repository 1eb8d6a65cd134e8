import { useMemo, useState } from 'react'
import {
  Button,
  Checkbox,
  DatePicker,
  Form,
  Input,
  List,
  Picker,
  Switch,
  TextArea,
  Toast,
} from 'antd-mobile'
import dayjs from 'dayjs'
import { useNavigate } from 'react-router'
import { ApiError } from '@/lib/api-client'
import { appPath } from '@/lib/env'
import { serverNow } from '@/lib/server-clock'
import { startCountdown } from '@/lib/sms-countdown'
import { ImagePick } from '@/components/image-pick'
import { ProtocolAgreement } from '@/components/protocol-agreement'
import { QueryView } from '@/components/query-view'
import { SmsCodeField } from '@/components/sms-code-field'
import { isPhone, type IdType } from '@/lib/validate'
import { useTampAccount, type TampAccount } from '../api/get-tamp-account'
import {
  prepareOpenAccount,
  useConfirmOpenAccount,
  type OpenAccountForm,
  type Prepared,
} from '../api/open-account'
import { uploadIdSide, type Uploaded } from '../api/upload-id-photos'
import { chosenCountry, clearDraft, idNoError, nameError, saveDraft, takeDraft } from '../lib'
import '../accounts.css'

interface Values {
  name: string
  idType: IdType
  idNo: string
  longTerm: boolean
  idValidUntil?: Date
  occupation?: string
  address: string
  phone: string
  nonAmerican: boolean
}

type Side = 'idFront' | 'idBack'
type Photos = Partial<Record<Side, Uploaded>>

/** Both sides of the document, each uploaded when picked (its key goes with the form). */
function IdPhotos({
  idTypeName,
  photos,
  onChange,
}: {
  idTypeName: string
  photos: Photos
  onChange: (photos: Photos) => void
}) {
  const [busy, setBusy] = useState<Side | null>(null)
  const pick = (side: Side) => (file: File) => {
    setBusy(side)
    uploadIdSide(file, side)
      .then(
        (uploaded) => onChange({ ...photos, [side]: uploaded }),
        (err: Error) => Toast.show({ content: err.message }),
      )
      .finally(() => setBusy(null))
  }
  return (
    <div className="open-account__photos">
      <div className="open-account__photos-title">{idTypeName}照片</div>
      <div className="image-pick-grid">
        <ImagePick
          label="拍摄人像面"
          imageUrl={photos.idFront?.url}
          busy={busy === 'idFront'}
          onPick={pick('idFront')}
        />
        <ImagePick
          label="拍摄国徽面"
          imageUrl={photos.idBack?.url}
          busy={busy === 'idBack'}
          onPick={pick('idBack')}
        />
      </div>
      <p>请拍摄证件原件，确保四角完整、文字清晰、无反光遮挡，支持 JPG、PNG，单张不超过5MB。</p>
    </div>
  )
}

/** The countdown of the account-opening code (one a minute, as the server allows). */
const OPEN_ACCOUNT_SMS = 'open_account'

/** 验证码已发送至 and the masked phone on a line of its own, never broken. */
function SentTo({ phone }: { phone: string }) {
  return (
    <>
      验证码已发送至
      <br />
      <span style={{ whiteSpace: 'nowrap' }}>{phone}</span>
    </>
  )
}

const OPENING_PROTOCOLS = [
  { name: '开户协议', url: '/serviceProtocol?protocolType=accountOpening' },
  { name: '投资人权益须知', url: '/serviceProtocol?protocolType=investorRights' },
  { name: '电子签名约定书', url: '/serviceProtocol?protocolType=eSignature' },
]

function OpenAccountForm({ options }: { options: TampAccount }) {
  const navigate = useNavigate()
  const [form] = Form.useForm<Values>()
  const draft = useMemo(() => takeDraft<Values & { photos: Photos }>(), [])
  const [photos, setPhotos] = useState<Photos>(draft.photos ?? {})
  const country = useMemo(() => chosenCountry(), [])
  const [idType, setIdType] = useState<IdType>((draft.idType as IdType) ?? '0')
  const [longTerm, setLongTerm] = useState(draft.longTerm ?? false)
  const [agreed, setAgreed] = useState(false)
  const [pickIdType, setPickIdType] = useState(false)
  const [pickJob, setPickJob] = useState(false)
  const [occupation, setOccupation] = useState(draft.occupation ?? '')
  const [pickDate, setPickDate] = useState(false)
  const [prepared, setPrepared] = useState<Prepared | null>(null)
  const [body, setBody] = useState<OpenAccountForm | null>(null)
  const [code, setCode] = useState('')
  const [sending, setSending] = useState(false)
  const confirm = useConfirmOpenAccount()

  const idTypeName = options.idTypes.find((t) => t.value === idType)?.label ?? ''

  const submit = async (values: Values) => {
    if (!occupation) {
      Toast.show({ content: '请选择职业' })
      return
    }
    if (!photos.idFront || !photos.idBack) {
      Toast.show({ content: `请上传${idType === '0' ? '身份证' : '证件'}人像面和国徽面照片` })
      return
    }
    if (!agreed) {
      Toast.show({ content: '请阅读并同意开户相关协议' })
      return
    }
    const payload: OpenAccountForm = {
      name: values.name.trim(),
      idType,
      idNo: values.idNo.trim().toUpperCase(),
      phone: values.phone ? values.phone : undefined,
      nationality: country.code,
      occupation,
      address: values.address.trim(),
      idValidUntil:
        longTerm || !values.idValidUntil
          ? undefined
          : dayjs(values.idValidUntil).format('YYYY-MM-DD'),
      nonAmerican: values.nonAmerican,
      agreeProtocol: agreed,
      idPhotoFront: photos.idFront.ossKey,
      idPhotoBack: photos.idBack.ossKey,
    }
    setSending(true)
    try {
      const result = await prepareOpenAccount(payload)
      setBody(payload)
      setPrepared(result)
      if (result.brokerVerifyUrl) {
        const path = appPath(result.brokerVerifyUrl)
        if (path) navigate(path)
        else window.location.assign(result.brokerVerifyUrl)
        return
      }
      startCountdown(OPEN_ACCOUNT_SMS)
      Toast.show({ content: <SentTo phone={result.phone} /> })
    } catch (err) {
      if (err instanceof ApiError && err.retryAfter)
        startCountdown(OPEN_ACCOUNT_SMS, err.retryAfter)
      Toast.show({ content: (err as Error).message })
    } finally {
      setSending(false)
    }
  }

  const open = () => {
    if (!prepared) return
    if (code.length !== 6) {
      Toast.show({ content: '请输入6位验证码' })
      return
    }
    confirm.mutate(
      { bindId: prepared.bindId, verifyCode: code },
      {
        onSuccess: () => {
          clearDraft()
          navigate('/accountResult', { replace: true })
        },
        onError: (err) => Toast.show({ content: err.message }),
      },
    )
  }

  if (prepared && body) {
    return (
      <div className="form-page open-account">
        <List header="确认开户信息">
          <List.Item extra={body.name}>姓名</List.Item>
          <List.Item extra={idTypeName}>证件类型</List.Item>
          <List.Item extra={prepared.phone}>预留手机号</List.Item>
        </List>
        <div className="open-account__code">
          <p>验证码已发送至 {prepared.phone}，5分钟内有效</p>
          <SmsCodeField
            value={code}
            onChange={setCode}
            countdownKey={OPEN_ACCOUNT_SMS}
            sendText="重新获取"
            onSend={() => prepareOpenAccount(body).then(setPrepared)}
          />
        </div>
        <div className="form-page__footer">
          <Button block color="primary" size="large" loading={confirm.isPending} onClick={open}>
            确认开户
          </Button>
          <Button block fill="none" onClick={() => setPrepared(null)}>
            返回修改
          </Button>
        </div>
      </div>
    )
  }

  return (
    <div className="form-page open-account">
      <p className="form-page__intro">请填写本人真实身份信息，信息仅用于开立基金账户及监管报送。</p>
      <Form
        form={form}
        layout="horizontal"
        requiredMarkStyle="none"
        initialValues={{ nonAmerican: false, address: '', phone: '', ...draft }}
        onFinish={submit}
        // the first field in error may be far above the 下一步 button: bring it into view
        onFinishFailed={() =>
          window.setTimeout(() =>
            document
              .querySelector('.open-account .adm-form-item-feedback-error')
              ?.scrollIntoView({ block: 'center' }),
          )
        }
        footer={
          <>
            <Form.Item name="nonAmerican" valuePropName="checked" noStyle>
              <Checkbox style={{ '--icon-size': '16px' }}>
                <span style={{ fontSize: 13, color: 'var(--app-text-secondary)' }}>
                  本人确认不是美国税收居民
                </span>
              </Checkbox>
            </Form.Item>
            <ProtocolAgreement
              className="agree-protocols"
              checked={agreed}
              onChange={setAgreed}
              protocols={OPENING_PROTOCOLS}
            />
            <Button
              block
              type="submit"
              color="primary"
              size="large"
              loading={sending}
              style={{ marginTop: 16 }}
            >
              下一步
            </Button>
          </>
        }
      >
        <Form.Header>身份信息</Form.Header>
        <Form.Item label="证件类型" onClick={() => setPickIdType(true)} arrow>
          {idTypeName}
        </Form.Item>
        <Form.Item
          name="name"
          label="姓名"
          rules={[
            {
              validator: (_, v: string) => {
                const error = nameError(idType, v)
                return error ? Promise.reject(new Error(error)) : Promise.resolve()
              },
            },
          ]}
        >
          <Input placeholder="与证件一致" clearable />
        </Form.Item>
        <Form.Item
          name="idNo"
          label="证件号码"
          rules={[
            {
              validator: (_, v: string) => {
                const error = idNoError(idType, idTypeName, v)
                return error ? Promise.reject(new Error(error)) : Promise.resolve()
              },
            },
          ]}
        >
          <Input placeholder="请输入证件号码" maxLength={18} clearable />
        </Form.Item>
        <Form.Item label="长期有效" childElementPosition="right" className="open-account__switch">
          <Switch checked={longTerm} onChange={setLongTerm} />
        </Form.Item>
        {!longTerm && (
          <Form.Item
            name="idValidUntil"
            label="有效期至"
            trigger="onConfirm"
            onClick={() => setPickDate(true)}
            rules={[{ required: true, message: '请选择证件有效期' }]}
            arrow
          >
            <DatePicker
              visible={pickDate}
              onClose={() => setPickDate(false)}
              min={serverNow()}
              max={dayjs(serverNow()).add(50, 'year').toDate()}
            >
              {(value) => (value ? dayjs(value).format('YYYY-MM-DD') : '请选择')}
            </DatePicker>
          </Form.Item>
        )}
        <Form.Item
          label="国籍"
          arrow
          onClick={() => {
            saveDraft({ ...form.getFieldsValue(), idType, longTerm, occupation, photos })
            navigate('/selectCountry')
          }}
        >
          {country.name}
        </Form.Item>
        <IdPhotos idTypeName={idTypeName} photos={photos} onChange={setPhotos} />
        <Form.Header>基本信息</Form.Header>
        <Form.Item label="职业" onClick={() => setPickJob(true)} arrow>
          {options.occupations.find((o) => o.value === occupation)?.label ?? (
            <span style={{ color: 'var(--app-text-secondary)' }}>请选择</span>
          )}
        </Form.Item>
        <Form.Item
          name="address"
          label="联系地址"
          rules={[{ min: 5, required: true, message: '请填写详细的联系地址（省市区及街道门牌）' }]}
        >
          <TextArea placeholder="省市区及街道门牌号" autoSize maxLength={120} />
        </Form.Item>
        <Form.Item
          name="phone"
          label="预留手机"
          help="不填则使用登录手机号"
          rules={[
            {
              validator: (_, v: string) =>
                !v || isPhone(v)
                  ? Promise.resolve()
                  : Promise.reject(new Error('请输入正确的手机号')),
            },
          ]}
        >
          <Input placeholder="默认同登录手机号" inputMode="tel" clearable />
        </Form.Item>
      </Form>
      <Picker
        columns={[options.occupations]}
        visible={pickJob}
        value={occupation ? [occupation] : []}
        onClose={() => setPickJob(false)}
        onConfirm={(v) => setOccupation(String(v[0] ?? ''))}
      />
      <Picker
        columns={[options.idTypes]}
        visible={pickIdType}
        value={[idType]}
        onClose={() => setPickIdType(false)}
        onConfirm={(v) => {
          setIdType((v[0] as IdType) ?? '0')
          form.setFieldValue('idNo', '')
        }}
      />
    </div>
  )
}

/** 开户: identity, document validity, nationality, both sides of the document, occupation and
 * address, then the SMS code sent to the reserved phone. */
export default function OpenAccountPage() {
  const navigate = useNavigate()
  const query = useTampAccount()
  return (
    <QueryView query={query}>
      {(state) =>
        state.hasAccount ? (
          <div className="gate-hero">
            <h2>您已完成开户</h2>
            <Button color="primary" onClick={() => navigate('/mine', { replace: true })}>
              返回我的
            </Button>
          </div>
        ) : (
          <OpenAccountForm options={state} />
        )
      }
    </QueryView>
  )
}
