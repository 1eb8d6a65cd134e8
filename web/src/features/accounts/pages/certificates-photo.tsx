import { useState } from 'react'
import { Button, Toast } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { ImagePick } from '@/components/image-pick'
import { useUploadIdPhotos } from '../api/upload-id-photos'
import '../accounts.css'

/** 上传证件照片: both sides of the document; unreadable sides answer 5011-5013. */
export default function CertificatesPhotoPage() {
  const navigate = useNavigate()
  const [front, setFront] = useState<File | null>(null)
  const [back, setBack] = useState<File | null>(null)
  const upload = useUploadIdPhotos()
  return (
    <div className="form-page">
      <p className="form-page__intro">
        请拍摄证件原件，确保四角完整、文字清晰、无反光遮挡，支持 JPG、PNG，单张不超过5MB。
      </p>
      <div className="image-pick-grid">
        <ImagePick label="人像面" file={front} onPick={setFront} />
        <ImagePick label="国徽面" file={back} onPick={setBack} />
      </div>
      <div className="form-page__footer">
        <Button
          block
          color="primary"
          disabled={!front || !back}
          loading={upload.isPending}
          onClick={() => {
            if (!front || !back) return
            upload.mutate(
              { front, back },
              {
                onSuccess: () => {
                  Toast.show({ icon: 'success', content: '上传成功' })
                  navigate('/certificates', { replace: true })
                },
                onError: (err) => Toast.show({ content: err.message }),
              },
            )
          }}
        >
          提交
        </Button>
      </div>
    </div>
  )
}
