/** 了解个人养老金 (pension/static/aboutPension): the scheme as a contributor meets it, with its
 * sources (docs/pension.md). */
import { Button } from 'antd-mobile'
import { useNavigate } from 'react-router'
import '../pension.css'

export default function AboutPensionPage() {
  const navigate = useNavigate()
  return (
    <div className="pension-page">
      <article className="pension-card pension-text">
        <h3>什么是个人养老金</h3>
        <p>
          个人养老金是政府政策支持、个人自愿参加、市场化运营的补充养老保险制度，是我国养老保险“第三支柱”的重要组成部分。
          参加人每年缴费上限为12000元，可用于购买符合规定的储蓄存款、理财产品、商业养老保险和公募基金等金融产品。
        </p>
        <h3>谁可以参加</h3>
        <p>
          在中国境内参加城镇职工基本养老保险或者城乡居民基本养老保险的劳动者，可以参加个人养老金制度。
          自2024年12月15日起，个人养老金制度从36个先行城市（地区）推开至全国。
        </p>
        <h3>怎么参加</h3>
        <ol>
          <li>开立个人养老金账户（在人社部门的信息平台登记）；</li>
          <li>在一家商业银行开立或绑定个人养老金资金账户，每人只能开立一个；</li>
          <li>从本人银行卡向资金账户缴存，每年合计不超过12000元；</li>
          <li>用资金账户里的钱购买个人养老金产品，如养老目标基金（Y类份额）。</li>
        </ol>
        <h3>税收优惠</h3>
        <p>
          缴费环节：缴存额在综合所得或经营所得中据实扣除，每年最多12000元；投资环节：计入个人养老金资金账户的投资收益暂不征收个人所得税；
          领取环节：领取的个人养老金不并入综合所得，单独按照3%的税率计算缴纳个人所得税。
        </p>
        <p>
          例：适用10%税率的参加人当年缴存12000元，当年少缴个税1200元，将来领取时缴税360元，净节税840元；适用3%税率的参加人缴存与领取的税负相当。
        </p>
        <h3>什么时候可以领取</h3>
        <p>
          达到领取基本养老金年龄、完全丧失劳动能力、出国（境）定居，或者具有国家规定的其他情形，可以按月、分次或者一次性领取；
          此前资金封闭运行，不能提前支取。
        </p>
        <h3>依据</h3>
        <ul>
          <li>《国务院办公厅关于推动个人养老金发展的意见》（国办发〔2022〕7号）</li>
          <li>《个人养老金实施办法》（人社部发〔2022〕70号）</li>
          <li>《财政部 税务总局关于个人养老金有关个人所得税政策的公告》（2022年第34号）</li>
          <li>《关于全面实施个人养老金制度的通知》（人社部发〔2024〕94号）</li>
        </ul>
      </article>
      <div className="pension-footer">
        <Button block color="primary" onClick={() => navigate('/pension/home')}>
          查看我的养老金账户
        </Button>
      </div>
    </div>
  )
}
