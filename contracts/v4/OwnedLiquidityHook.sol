// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {HookBase, PoolKey} from "./HookBase.sol";

/// v4-core IPoolManager.ModifyLiquidityParams (same ABI encoding).
struct ModifyLiquidityParams {
    int24 tickLower;
    int24 tickUpper;
    int256 liquidityDelta;
    bytes32 salt;
}

interface IPoolManagerLiquidity {
    function initialize(PoolKey memory key, uint160 sqrtPriceX96) external returns (int24 tick);
    function unlock(bytes calldata data) external returns (bytes memory);
    function modifyLiquidity(PoolKey memory key, ModifyLiquidityParams memory params, bytes calldata hookData)
        external
        returns (int256 callerDelta, int256 feesAccrued);
    function sync(address currency) external;
    function settle() external payable returns (uint256 paid);
    function take(address currency, address to, uint256 amount) external;
}

interface IERC20Minimal {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

/// A launchpad-style hook that owns its pool's launch liquidity itself (written from Flaunch's and
/// Doppler's public designs, where the hook, not an NFT holder, is the PoolManager position's owner):
/// `launch` initialises a native-ETH / token pool with this hook and adds a full-range-ish position
/// through unlock → modifyLiquidity, owned by this contract (salt 0). No function ever calls
/// modifyLiquidity with a negative delta, and there is no upgrade or delegatecall path: nobody can
/// remove that liquidity. Its owner can only collect the position's swap fees (a zero-delta
/// modifyLiquidity, the principal stays) to a fee recipient. Flag AFTER_INITIALIZE: it records the
/// pool it launched, and refuses to be the hook of a pool someone else initialises.
contract OwnedLiquidityHook is HookBase {
    uint24 public constant FEE = 10_000;
    int24 public constant TICK_SPACING = 200;

    PoolKey public launchedKey;
    int24 public tickLower;
    int24 public tickUpper;
    bool public launched;
    bool private _launching;
    address public feeRecipient;

    event Launched(address indexed token, uint128 liquidity, int24 tickLower, int24 tickUpper);
    event FeesCollected(address indexed recipient, uint256 amount0, uint256 amount1);

    error AlreadyLaunched();
    error NotLaunched();
    error ForeignPool();
    error NotSelf();

    enum Op {
        Add,
        CollectFees
    }

    function afterInitialize(address sender, PoolKey calldata, uint160, int24)
        external
        view
        onlyPoolManager
        returns (bytes4)
    {
        if (sender != address(this) || !_launching) revert ForeignPool();
        return OwnedLiquidityHook.afterInitialize.selector;
    }

    /// Pulls `tokenAmount` of `token` from the owner, initialises the pool at `sqrtPriceX96` and adds
    /// `liquidity` between the two ticks with the ETH sent (the unused ETH goes back to the owner).
    function launch(address token, uint160 sqrtPriceX96, int24 lower, int24 upper, uint128 liquidity, uint256 tokenAmount)
        external
        payable
        onlyOwner
    {
        if (launched) revert AlreadyLaunched();
        launched = true;
        feeRecipient = owner;
        IERC20Minimal(token).transferFrom(msg.sender, address(this), tokenAmount);
        PoolKey memory key = PoolKey({
            currency0: address(0),
            currency1: token,
            fee: FEE,
            tickSpacing: TICK_SPACING,
            hooks: address(this)
        });
        launchedKey = key;
        tickLower = lower;
        tickUpper = upper;
        _launching = true;
        IPoolManagerLiquidity(poolManager).initialize(key, sqrtPriceX96);
        _launching = false;
        IPoolManagerLiquidity(poolManager).unlock(abi.encode(Op.Add, int256(uint256(liquidity))));
        emit Launched(token, liquidity, lower, upper);
        if (address(this).balance > 0) {
            (bool ok,) = owner.call{value: address(this).balance}("");
            require(ok, "refund");
        }
    }

    /// The owner may point the fees elsewhere; the position itself never moves.
    function setFeeRecipient(address recipient) external onlyOwner {
        feeRecipient = recipient;
    }

    /// Collects the position's accrued swap fees to the fee recipient (anyone may trigger it).
    function collectFees() external {
        if (!launched) revert NotLaunched();
        IPoolManagerLiquidity(poolManager).unlock(abi.encode(Op.CollectFees, int256(0)));
    }

    function unlockCallback(bytes calldata data) external onlyPoolManager returns (bytes memory) {
        (Op op, int256 delta) = abi.decode(data, (Op, int256));
        PoolKey memory key = launchedKey;
        (int256 callerDelta,) = IPoolManagerLiquidity(poolManager).modifyLiquidity(
            key, ModifyLiquidityParams({tickLower: tickLower, tickUpper: tickUpper, liquidityDelta: delta, salt: 0}), ""
        );
        int128 amount0 = int128(callerDelta >> 128);
        int128 amount1 = int128(callerDelta);
        address to = op == Op.CollectFees ? feeRecipient : address(this);
        _settleOrTake(key.currency0, amount0, to);
        _settleOrTake(key.currency1, amount1, to);
        if (op == Op.CollectFees) emit FeesCollected(to, _pos(amount0), _pos(amount1));
        return "";
    }

    function _settleOrTake(address currency, int128 amount, address to) private {
        if (amount < 0) {
            uint256 owed = uint256(uint128(-amount));
            if (currency == address(0)) {
                IPoolManagerLiquidity(poolManager).settle{value: owed}();
            } else {
                IPoolManagerLiquidity(poolManager).sync(currency);
                IERC20Minimal(currency).transfer(poolManager, owed);
                IPoolManagerLiquidity(poolManager).settle();
            }
        } else if (amount > 0) {
            IPoolManagerLiquidity(poolManager).take(currency, to, uint256(uint128(amount)));
        }
    }

    function _pos(int128 a) private pure returns (uint256) {
        return a > 0 ? uint256(uint128(a)) : 0;
    }

    receive() external payable {}
}
